CREATE INDEX "competitions_name_near_idx" ON "competitions" USING gist ("name" gist_trgm_ops(siglen = 256));--> statement-breakpoint
CREATE INDEX "players_name_near_idx" ON "players" USING gist ("name" gist_trgm_ops(siglen = 256));--> statement-breakpoint
CREATE INDEX "players_nickname_near_idx" ON "players" USING gist ("nickname" gist_trgm_ops(siglen = 256));--> statement-breakpoint
CREATE INDEX "teams_name_near_idx" ON "teams" USING gist ("name" gist_trgm_ops(siglen = 256));--> statement-breakpoint
CREATE INDEX "localized_names_near_idx" ON "localized_names" USING gist ("name" gist_trgm_ops(siglen = 256));