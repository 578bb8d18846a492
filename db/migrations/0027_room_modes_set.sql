ALTER TABLE "chat_rooms" ADD COLUMN "modes_set" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rooms whose modes were changed before the platform had defaults keep them.
UPDATE "chat_rooms" SET "modes_set" = true WHERE "slow_seconds" <> 0 OR "followers_only_minutes" IS NOT NULL OR "min_level" <> 0 OR "links_blocked" OR "emote_only";
