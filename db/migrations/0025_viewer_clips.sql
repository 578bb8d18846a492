ALTER TABLE "live_clips" ALTER COLUMN "score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "live_clips" ADD COLUMN "clipped_by" bigint;--> statement-breakpoint
ALTER TABLE "live_clips" ADD CONSTRAINT "live_clips_clipped_by_users_uid_fk" FOREIGN KEY ("clipped_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;