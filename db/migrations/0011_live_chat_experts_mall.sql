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
CREATE TABLE "expert_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" bigint NOT NULL,
	"state" text NOT NULL,
	"display_name" text NOT NULL,
	"introduction" text NOT NULL,
	"game_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"credentials" text,
	"reject_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewer_id" bigint,
	CONSTRAINT "expert_applications_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "expert_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"expert_id" bigint NOT NULL,
	"match_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"play_level" text NOT NULL,
	"market" text NOT NULL,
	"line" double precision,
	"pick" text NOT NULL,
	"odds" double precision NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"price" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"refund_on_miss" boolean DEFAULT false NOT NULL,
	"view_mode" text DEFAULT 'free' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover" text NOT NULL,
	"state" text DEFAULT 'review' NOT NULL,
	"reject_reason" text,
	"settlement" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	"sales" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_commitments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"expert_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"plan_id" bigint NOT NULL,
	"match_id" bigint NOT NULL,
	"market" text NOT NULL,
	"line" double precision,
	"pick" text NOT NULL,
	"committed_at" timestamp (3) with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"escrow" text DEFAULT 'held' NOT NULL,
	"income" integer DEFAULT 0 NOT NULL,
	"platform_share" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
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
CREATE TABLE "blind_box_openings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"box_id" bigint NOT NULL,
	"seed_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"odds" jsonb NOT NULL,
	"prize_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"coins" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blind_box_prizes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"box_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"goods_id" bigint,
	"amount" integer NOT NULL,
	"weight" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "blind_box_prizes_kind_check" CHECK ("blind_box_prizes"."kind" in ('goods', 'coins', 'vip_days')),
	CONSTRAINT "blind_box_prizes_weight_check" CHECK ("blind_box_prizes"."weight" > 0 and "blind_box_prizes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "blind_box_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"box_id" bigint NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blind_boxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"price_coins" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text NOT NULL,
	"price_coins" integer NOT NULL,
	"grant" integer DEFAULT 0 NOT NULL,
	"inventory" integer NOT NULL,
	"exchange_count" integer DEFAULT 0 NOT NULL,
	"limit_per_user" integer,
	"on_shelf" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_category_check" CHECK ("goods"."category" in ('physical', 'virtual_card', 'vip_days', 'diamonds')),
	CONSTRAINT "goods_inventory_check" CHECK ("goods"."inventory" >= 0),
	CONSTRAINT "goods_price_check" CHECK ("goods"."price_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mall_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" bigint,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"goods_id" bigint,
	"goods_name" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"coins" integer NOT NULL,
	"grant" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'exchange' NOT NULL,
	"recipient" text,
	"address" text,
	"contact" text,
	"remark" text,
	"admin_remark" text,
	"tracking_number" text,
	"card_number" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "mall_orders_status_check" CHECK ("mall_orders"."status" in ('review', 'exchanging', 'redeemed', 'cancelled', 'charged_back'))
);
--> statement-breakpoint
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_moderators" ADD CONSTRAINT "chat_moderators_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_by_id_users_uid_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_sender_id_users_uid_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_anchor_id_users_uid_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_reviewer_id_users_uid_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_plans" ADD CONSTRAINT "expert_plans_expert_id_users_uid_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_plans" ADD CONSTRAINT "expert_plans_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_commitments" ADD CONSTRAINT "plan_commitments_expert_id_users_uid_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_commitments" ADD CONSTRAINT "plan_commitments_plan_id_expert_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."expert_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_orders" ADD CONSTRAINT "plan_orders_plan_id_expert_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."expert_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_orders" ADD CONSTRAINT "plan_orders_buyer_id_users_uid_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "blind_box_openings" ADD CONSTRAINT "blind_box_openings_box_id_blind_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."blind_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_box_openings" ADD CONSTRAINT "blind_box_openings_seed_id_blind_box_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."blind_box_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_box_openings" ADD CONSTRAINT "blind_box_openings_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_box_openings" ADD CONSTRAINT "blind_box_openings_order_id_mall_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_box_prizes" ADD CONSTRAINT "blind_box_prizes_box_id_blind_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."blind_boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_box_prizes" ADD CONSTRAINT "blind_box_prizes_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_box_seeds" ADD CONSTRAINT "blind_box_seeds_box_id_blind_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."blind_boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order_events" ADD CONSTRAINT "mall_order_events_order_id_mall_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_mutes_user_idx" ON "chat_mutes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_sends_request_key" ON "gift_sends" USING btree ("sender_id","request_key");--> statement-breakpoint
CREATE INDEX "gift_sends_room_time_idx" ON "gift_sends" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_anchor_time_idx" ON "gift_sends" USING btree ("anchor_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_sender_time_idx" ON "gift_sends" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "expert_plans_expert_idx" ON "expert_plans" USING btree ("expert_id","match_id");--> statement-breakpoint
CREATE INDEX "expert_plans_match_idx" ON "expert_plans" USING btree ("match_id","settlement");--> statement-breakpoint
CREATE INDEX "expert_plans_state_idx" ON "expert_plans" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_commitments_expert_seq" ON "plan_commitments" USING btree ("expert_id","seq");--> statement-breakpoint
CREATE INDEX "plan_commitments_plan_idx" ON "plan_commitments" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_orders_plan_buyer" ON "plan_orders" USING btree ("plan_id","buyer_id");--> statement-breakpoint
CREATE INDEX "plan_orders_buyer_idx" ON "plan_orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "anchor_schedule_match_idx" ON "anchor_schedule" USING btree ("anchor_id","match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "anchors_stream_key_idx" ON "anchors" USING btree ("stream_key_hash");--> statement-breakpoint
CREATE INDEX "anchors_state_idx" ON "anchors" USING btree ("state","applied_at");--> statement-breakpoint
CREATE INDEX "live_records_anchor_idx" ON "live_records" USING btree ("anchor_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_records_open_idx" ON "live_records" USING btree ("room_id") WHERE "live_records"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "live_rooms_anchor_idx" ON "live_rooms" USING btree ("anchor_id");--> statement-breakpoint
CREATE INDEX "live_rooms_game_idx" ON "live_rooms" USING btree ("game_id","live");--> statement-breakpoint
CREATE INDEX "live_rooms_match_idx" ON "live_rooms" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blind_box_openings_idempotency_key" ON "blind_box_openings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "blind_box_openings_seed_nonce" ON "blind_box_openings" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "blind_box_openings_user_idx" ON "blind_box_openings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "blind_box_prizes_box_idx" ON "blind_box_prizes" USING btree ("box_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "blind_box_seeds_active" ON "blind_box_seeds" USING btree ("box_id") WHERE "blind_box_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "goods_shelf_idx" ON "goods" USING btree ("on_shelf","category");--> statement-breakpoint
CREATE INDEX "mall_order_events_order_idx" ON "mall_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_orders_idempotency_key" ON "mall_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "mall_orders_user_idx" ON "mall_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mall_orders_status_idx" ON "mall_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mall_orders_goods_user_idx" ON "mall_orders" USING btree ("goods_id","user_id");