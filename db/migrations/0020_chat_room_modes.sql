ALTER TABLE "chat_rooms" ADD COLUMN "slow_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "followers_only_minutes" integer;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "min_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "links_blocked" boolean DEFAULT false NOT NULL;