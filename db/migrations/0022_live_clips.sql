CREATE TABLE "live_clips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"match_id" bigint,
	"key" text NOT NULL,
	"score" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_clips_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "live_clips" ADD CONSTRAINT "live_clips_record_id_live_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."live_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_clips_match_idx" ON "live_clips" USING btree ("match_id","to_at");--> statement-breakpoint
CREATE INDEX "live_clips_record_idx" ON "live_clips" USING btree ("record_id");