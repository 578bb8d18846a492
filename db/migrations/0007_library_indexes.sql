CREATE INDEX "matches_season_idx" ON "matches" USING btree ("season_id","starts_at");--> statement-breakpoint
CREATE INDEX "matches_stage_idx" ON "matches" USING btree ("stage_id","starts_at");