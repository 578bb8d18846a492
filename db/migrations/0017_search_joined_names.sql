-- Search's trigram indexes (decision 029) read a document's text with each space written as a letter
-- that names do not use, so that trigrams span words: of 'player 0 3 11', 'pla' and ' 3 ' are in most
-- players' names, 'rǂ0' and '0ǂ3' in few, and the index scan reads only those few.
CREATE FUNCTION search_joined(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN replace(body, ' ', 'ǂ');--> statement-breakpoint
DROP INDEX "search_documents_competitions_idx";--> statement-breakpoint
DROP INDEX "search_documents_teams_idx";--> statement-breakpoint
DROP INDEX "search_documents_players_idx";--> statement-breakpoint
DROP INDEX "search_documents_anchors_idx";--> statement-breakpoint
DROP INDEX "search_documents_rooms_idx";--> statement-breakpoint
DROP INDEX "search_documents_news_idx";--> statement-breakpoint
CREATE INDEX "search_documents_competitions_idx" ON "search_documents" USING gin (search_joined("text") gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('competition');--> statement-breakpoint
CREATE INDEX "search_documents_teams_idx" ON "search_documents" USING gin (search_joined("text") gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('team');--> statement-breakpoint
CREATE INDEX "search_documents_players_idx" ON "search_documents" USING gin (search_joined("text") gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('player');--> statement-breakpoint
CREATE INDEX "search_documents_anchors_idx" ON "search_documents" USING gin (search_joined("text") gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('anchor');--> statement-breakpoint
CREATE INDEX "search_documents_rooms_idx" ON "search_documents" USING gin (search_joined("text") gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('room');--> statement-breakpoint
CREATE INDEX "search_documents_news_idx" ON "search_documents" USING gin (search_joined("text") gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('article', 'video');