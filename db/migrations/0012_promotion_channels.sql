CREATE TABLE "channel_daily" (
	"channel_id" text NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"registered_visits" integer DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"recharges" integer DEFAULT 0 NOT NULL,
	"recharge_fen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_daily_channel_id_day_pk" PRIMARY KEY("channel_id","day")
);
--> statement-breakpoint
CREATE TABLE "channel_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	"user_id" bigint,
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_daily" ADD CONSTRAINT "channel_daily_channel_id_promotion_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."promotion_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_channel_id_promotion_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."promotion_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_channels" ADD CONSTRAINT "promotion_channels_owner_id_users_uid_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_events_once_a_day" ON "channel_events" USING btree ("channel_id","kind","visitor","day");--> statement-breakpoint
CREATE INDEX "channel_events_day_idx" ON "channel_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "promotion_channels_owner_idx" ON "promotion_channels" USING btree ("owner_id");