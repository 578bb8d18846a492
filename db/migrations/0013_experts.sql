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
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_reviewer_id_users_uid_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_plans" ADD CONSTRAINT "expert_plans_expert_id_users_uid_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_plans" ADD CONSTRAINT "expert_plans_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_commitments" ADD CONSTRAINT "plan_commitments_expert_id_users_uid_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_commitments" ADD CONSTRAINT "plan_commitments_plan_id_expert_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."expert_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_orders" ADD CONSTRAINT "plan_orders_plan_id_expert_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."expert_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_orders" ADD CONSTRAINT "plan_orders_buyer_id_users_uid_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_plans_expert_idx" ON "expert_plans" USING btree ("expert_id","match_id");--> statement-breakpoint
CREATE INDEX "expert_plans_match_idx" ON "expert_plans" USING btree ("match_id","settlement");--> statement-breakpoint
CREATE INDEX "expert_plans_state_idx" ON "expert_plans" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_commitments_expert_seq" ON "plan_commitments" USING btree ("expert_id","seq");--> statement-breakpoint
CREATE INDEX "plan_commitments_plan_idx" ON "plan_commitments" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_orders_plan_buyer" ON "plan_orders" USING btree ("plan_id","buyer_id");--> statement-breakpoint
CREATE INDEX "plan_orders_buyer_idx" ON "plan_orders" USING btree ("buyer_id","created_at");