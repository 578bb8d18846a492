CREATE TABLE "alert_choices" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint NOT NULL,
	"kickoff" boolean NOT NULL,
	"goals" boolean NOT NULL,
	"final" boolean NOT NULL,
	CONSTRAINT "alert_choices_user_id_kind_target_id_pk" PRIMARY KEY("user_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"subscription_id" bigint NOT NULL,
	"event_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_subscription_id_event_key_pk" PRIMARY KEY("subscription_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
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
ALTER TABLE "alert_choices" ADD CONSTRAINT "alert_choices_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_daily" ADD CONSTRAINT "channel_daily_channel_id_promotion_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."promotion_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_channel_id_promotion_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."promotion_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_channels" ADD CONSTRAINT "promotion_channels_owner_id_users_uid_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_events_once_a_day" ON "channel_events" USING btree ("channel_id","kind","visitor","day");--> statement-breakpoint
CREATE INDEX "channel_events_day_idx" ON "channel_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "promotion_channels_owner_idx" ON "promotion_channels" USING btree ("owner_id");