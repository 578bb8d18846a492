CREATE TABLE "live_recordings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL,
	"folder" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "live_recordings_folder_unique" UNIQUE("folder")
);
--> statement-breakpoint
ALTER TABLE "live_records" ADD COLUMN "match_id" bigint;--> statement-breakpoint
ALTER TABLE "live_records" ADD COLUMN "replay" text DEFAULT 'shown' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_recordings" ADD CONSTRAINT "live_recordings_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_recordings_room_idx" ON "live_recordings" USING btree ("room_id","started_at");--> statement-breakpoint
CREATE INDEX "live_records_match_idx" ON "live_records" USING btree ("match_id");--> statement-breakpoint
ALTER TABLE "live_records" ADD CONSTRAINT "live_records_replay_check" CHECK ("live_records"."replay" in ('shown', 'hidden', 'deleted'));