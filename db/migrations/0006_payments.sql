CREATE TABLE "ledger_accounts" (
	"name" text PRIMARY KEY NOT NULL,
	"coins" bigint DEFAULT 0 NOT NULL,
	"diamonds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"tier" text NOT NULL,
	"months" integer NOT NULL,
	"coins" bigint NOT NULL,
	"upgrade_coins" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_no" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"product" text NOT NULL,
	"price_fen" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"coins" bigint DEFAULT 0 NOT NULL,
	"diamonds" bigint DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"channel" text,
	"provider_ref" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_records" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_records" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "coin_records" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "membership_records" ADD CONSTRAINT "membership_records_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_records_user_idx" ON "membership_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_records_idempotency_key" ON "membership_records" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_no_key" ON "payment_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_open_usdt_amount_key" ON "payment_orders" USING btree ("amount") WHERE "payment_orders"."provider" = 'usdt' and "payment_orders"."status" = 'created';--> statement-breakpoint
ALTER TABLE "coin_records" ADD CONSTRAINT "coin_records_account_ledger_accounts_name_fk" FOREIGN KEY ("account") REFERENCES "public"."ledger_accounts"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_records_account_idempotency_key" ON "coin_records" USING btree ("account","idempotency_key");--> statement-breakpoint
ALTER TABLE "coin_records" ADD CONSTRAINT "coin_records_one_holder" CHECK (("coin_records"."user_id" is null) <> ("coin_records"."account" is null));--> statement-breakpoint
INSERT INTO "ledger_accounts" ("name") VALUES ('escrow'), ('platform');
