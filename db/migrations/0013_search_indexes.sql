CREATE TABLE "localized_names" (
	"kind" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "localized_names_kind_ref_id_locale_pk" PRIMARY KEY("kind","ref_id","locale")
);
--> statement-breakpoint
CREATE INDEX "localized_names_trgm_idx" ON "localized_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_text_idx" ON "articles" USING gin (to_tsvector('simple', "title" || ' ' || "summary"));--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_text_idx" ON "videos" USING gin (to_tsvector('simple', "title" || ' ' || "summary"));--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "anchors_name_trgm_idx" ON "anchors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "live_rooms_title_trgm_idx" ON "live_rooms" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitions_name_trgm_idx" ON "competitions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_name_trgm_idx" ON "players" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_nickname_trgm_idx" ON "players" USING gin ("nickname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_name_trgm_idx" ON "teams" USING gin ("name" gin_trgm_ops);