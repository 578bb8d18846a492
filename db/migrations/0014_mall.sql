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