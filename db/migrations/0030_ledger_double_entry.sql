CREATE SEQUENCE "public"."ledger_transaction_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "coin_records" ADD COLUMN "transaction_id" bigint;--> statement-breakpoint
-- The counter account of money bought with real money, granted by an administrator or as the welcome.
INSERT INTO "ledger_accounts" ("name") VALUES ('issuance') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The two rows of an earlier transfer (one key, type, currency and moment, amounts that cancel)
-- make one transaction, numbered by its first row.
UPDATE "coin_records" r SET "transaction_id" = t."first"
FROM (
	SELECT "id", min("id") OVER w AS "first", count(*) OVER w AS "rows", sum("amount") OVER w AS "total"
	FROM "coin_records"
	WINDOW w AS (PARTITION BY "idempotency_key", "type", "currency", "created_at")
) t
WHERE r."id" = t."id" AND t."rows" = 2 AND t."total" = 0;--> statement-breakpoint
-- An earlier plan purchase wrote the buyer's row and escrow's under keys of their own: one transaction.
UPDATE "coin_records" r SET "transaction_id" = least(b."id", e."id")
FROM "coin_records" b
JOIN "coin_records" e ON e."account" = 'escrow' AND e."type" = 'escrow_hold' AND e."transaction_id" IS NULL
	AND e."created_at" = b."created_at" AND e."amount" = -b."amount"
	AND e."details"->>'orderId' = b."details"->>'orderId'
WHERE b."type" = 'plan_purchase' AND b."user_id" IS NOT NULL AND b."transaction_id" IS NULL
	AND r."id" IN (b."id", e."id");--> statement-breakpoint
-- Every other earlier row was one-sided: it gets its counter row, on the account the movement
-- books against now (issuance for money from outside, escrow for tips, the platform for the
-- rest; issuance for an account's row without a counterpart), dated as the row it balances and
-- appended to that account's balance. The rows of one moment and reference (a gift's sender and
-- anchor) make one transaction.
WITH "one_sided" AS (
	SELECT r.*,
		min(r."id") OVER (PARTITION BY r."created_at", coalesce(r."reference", 'row:' || r."id")) AS "first",
		CASE
			WHEN r."account" IS NOT NULL THEN 'issuance'
			WHEN r."type" IN ('registration_bonus', 'recharge', 'recharge_refund', 'admin_adjustment') THEN 'issuance'
			WHEN r."type" IN ('plan_purchase', 'escrow_hold', 'escrow_release', 'plan_refund') THEN 'escrow'
			ELSE 'platform'
		END AS "counter"
	FROM "coin_records" r
	WHERE r."transaction_id" IS NULL
),
"numbered" AS (
	UPDATE "coin_records" r SET "transaction_id" = o."first" FROM "one_sided" o WHERE r."id" = o."id"
),
"added" AS (
	INSERT INTO "coin_records" ("transaction_id", "user_id", "account", "currency", "type", "amount",
		"balance_after", "reference", "idempotency_key", "channel", "details", "created_at")
	SELECT o."first", NULL, o."counter", o."currency", o."type", -o."amount",
		CASE o."currency" WHEN 'coin' THEN a."coins" ELSE a."diamonds" END
			- sum(o."amount") OVER (PARTITION BY o."counter", o."currency" ORDER BY o."id"),
		o."reference",
		CASE WHEN o."user_id" IS NOT NULL THEN 'user:' || o."user_id" ELSE 'account:' || o."account" END
			|| ':' || o."idempotency_key",
		NULL, o."details" || jsonb_build_object('balances', o."id"), o."created_at"
	FROM "one_sided" o
	JOIN "ledger_accounts" a ON a."name" = o."counter"
	ORDER BY o."id"
	RETURNING "account", "currency", "amount"
)
UPDATE "ledger_accounts" a SET
	"coins" = a."coins" + coalesce((SELECT sum("amount") FROM "added" WHERE "account" = a."name" AND "currency" = 'coin'), 0),
	"diamonds" = a."diamonds" + coalesce((SELECT sum("amount") FROM "added" WHERE "account" = a."name" AND "currency" = 'diamond'), 0);--> statement-breakpoint
SELECT setval('"public"."ledger_transaction_ids"', coalesce((SELECT max("transaction_id") FROM "coin_records"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "coin_records" ALTER COLUMN "transaction_id" SET NOT NULL;
