CREATE TABLE "anchor_schedule" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anchor_id" bigint NOT NULL,
	"match_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anchors" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'review' NOT NULL,
	"name" text NOT NULL,
	"document_type" text NOT NULL,
	"id_number" text NOT NULL,
	"birth_date" text NOT NULL,
	"introduction" text NOT NULL,
	"content" text NOT NULL,
	"phone" text NOT NULL,
	"photo_front" text NOT NULL,
	"photo_back" text NOT NULL,
	"photo_holding" text NOT NULL,
	"reject_reason" text,
	"ban_reason" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"detail" text DEFAULT '' NOT NULL,
	"pictures" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover" text,
	"level" integer DEFAULT 1 NOT NULL,
	"stream_key_hash" text,
	"ip_allow_list" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "anchors_state_check" CHECK ("anchors"."state" in ('review', 'approved', 'rejected', 'banned'))
);
--> statement-breakpoint
CREATE TABLE "broadcast_reservations" (
	"schedule_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_reservations_schedule_id_user_id_pk" PRIMARY KEY("schedule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL,
	"anchor_id" bigint NOT NULL,
	"title" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"ended_by" text
);
--> statement-breakpoint
CREATE TABLE "live_rooms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anchor_id" bigint NOT NULL,
	"type" text DEFAULT 'anchor' NOT NULL,
	"source" text,
	"title" text NOT NULL,
	"cover" text NOT NULL,
	"game_id" integer NOT NULL,
	"match_id" bigint,
	"custom_tag" text,
	"access" text DEFAULT 'free' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"external_comments" boolean DEFAULT true NOT NULL,
	"announcement" text DEFAULT '' NOT NULL,
	"moderator_limit" integer DEFAULT 5 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"live_since" timestamp with time zone,
	"pushing" boolean DEFAULT false NOT NULL,
	"push_lost_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_rooms_type_check" CHECK ("live_rooms"."type" in ('anchor', 'robot')),
	CONSTRAINT "live_rooms_access_check" CHECK ("live_rooms"."access" in ('free', 'paid', 'vip', 'svip'))
);
--> statement-breakpoint
CREATE TABLE "live_trials" (
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_trials_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_unlocks" (
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_unlocks_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "anchor_schedule" ADD CONSTRAINT "anchor_schedule_anchor_id_anchors_user_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."anchors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchors" ADD CONSTRAINT "anchors_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_reservations" ADD CONSTRAINT "broadcast_reservations_schedule_id_anchor_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."anchor_schedule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_reservations" ADD CONSTRAINT "broadcast_reservations_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_records" ADD CONSTRAINT "live_records_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_anchor_id_anchors_user_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."anchors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_trials" ADD CONSTRAINT "live_trials_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_trials" ADD CONSTRAINT "live_trials_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_unlocks" ADD CONSTRAINT "live_unlocks_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_unlocks" ADD CONSTRAINT "live_unlocks_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anchor_schedule_match_idx" ON "anchor_schedule" USING btree ("anchor_id","match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "anchors_stream_key_idx" ON "anchors" USING btree ("stream_key_hash");--> statement-breakpoint
CREATE INDEX "anchors_state_idx" ON "anchors" USING btree ("state","applied_at");--> statement-breakpoint
CREATE INDEX "live_records_anchor_idx" ON "live_records" USING btree ("anchor_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_records_open_idx" ON "live_records" USING btree ("room_id") WHERE "live_records"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "live_rooms_anchor_idx" ON "live_rooms" USING btree ("anchor_id");--> statement-breakpoint
CREATE INDEX "live_rooms_game_idx" ON "live_rooms" USING btree ("game_id","live");--> statement-breakpoint
CREATE INDEX "live_rooms_match_idx" ON "live_rooms" USING btree ("match_id");