ALTER TABLE "admin_actions" ALTER COLUMN "target_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "resolved_by" bigint;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "author_id" bigint;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolved_by_users_uid_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_author_id_users_uid_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A reader's earlier reports of the same thing close as dismissed: one open report each remains.
UPDATE "content_reports" AS older SET "resolution" = 'dismissed', "resolved_at" = now()
  FROM "content_reports" AS newer
  WHERE older."user_id" = newer."user_id" AND older."target_type" = newer."target_type"
    AND older."target_id" = newer."target_id" AND older."id" < newer."id";--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("target_type","target_id","user_id") WHERE "content_reports"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolution_check" CHECK ("content_reports"."resolution" in ('removed', 'dismissed'));