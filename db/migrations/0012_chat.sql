CREATE TABLE "chat_events" (
	"room_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint,
	"sender" jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_events_room_id_seq_pk" PRIMARY KEY("room_id","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_moderators" (
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"appointed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_moderators_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint,
	"user_id" bigint NOT NULL,
	"until" timestamp with time zone,
	"by_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"room_id" bigint PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL,
	"gift_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"anchor_id" bigint NOT NULL,
	"count" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"diamonds" integer NOT NULL,
	"combo" integer DEFAULT 1 NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"animation" text NOT NULL,
	"animation_type" text DEFAULT 'svga' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"combo_seconds" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_moderators" ADD CONSTRAINT "chat_moderators_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_by_id_users_uid_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_sender_id_users_uid_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_anchor_id_users_uid_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_mutes_user_idx" ON "chat_mutes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_sends_request_key" ON "gift_sends" USING btree ("sender_id","request_key");--> statement-breakpoint
CREATE INDEX "gift_sends_room_time_idx" ON "gift_sends" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_anchor_time_idx" ON "gift_sends" USING btree ("anchor_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_sender_time_idx" ON "gift_sends" USING btree ("sender_id","created_at");