CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"game_id" integer,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"text" text NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"full_text" "tsvector",
	"live" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "search_documents_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "articles_text_idx";--> statement-breakpoint
DROP INDEX "articles_title_trgm_idx";--> statement-breakpoint
DROP INDEX "videos_text_idx";--> statement-breakpoint
DROP INDEX "videos_title_trgm_idx";--> statement-breakpoint
DROP INDEX "anchors_name_trgm_idx";--> statement-breakpoint
DROP INDEX "live_rooms_title_trgm_idx";--> statement-breakpoint
DROP INDEX "competitions_name_near_idx";--> statement-breakpoint
DROP INDEX "players_name_near_idx";--> statement-breakpoint
DROP INDEX "players_nickname_near_idx";--> statement-breakpoint
DROP INDEX "teams_name_near_idx";--> statement-breakpoint
DROP INDEX "localized_names_trgm_idx";--> statement-breakpoint
DROP INDEX "localized_names_near_idx";--> statement-breakpoint
-- Search documents (decision 029): what a text is compared with, normalised by search_normal(),
-- and kept in step with the rows they are made of by the triggers below.
CREATE FUNCTION search_normal(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN btrim(regexp_replace(lower(body), '[[:space:][:punct:]]+', ' ', 'g'));--> statement-breakpoint
-- A document's names, each normalised, between ' | ' marks (a text never holds one once normalised).
CREATE FUNCTION search_text(names text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN '| ' || array_to_string(array(SELECT search_normal(n) FROM unnest(names) n WHERE n IS NOT NULL), ' | ') || ' |';--> statement-breakpoint
-- (Re)writes the search document of one thing from its rows, or removes it when the thing is gone
-- or may not be found (an anchor not approved, a closed room, an article not published).
CREATE FUNCTION search_index(doc_kind text, id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  doc search_documents%ROWTYPE;
  localized jsonb := '{}';
BEGIN
  IF doc_kind IN ('competition', 'team', 'player') THEN
    SELECT coalesce(jsonb_object_agg(l.locale, l.name), '{}') INTO localized
      FROM localized_names l WHERE l.kind = doc_kind AND l.ref_id = id;
  END IF;
  IF doc_kind = 'competition' THEN
    SELECT 'competition', c.id, c.game_id, c.name, localized,
        search_text(array[c.name] || array(SELECT value FROM jsonb_each_text(localized) ORDER BY key))
      INTO doc.kind, doc.ref_id, doc.game_id, doc.name, doc.names, doc.text
      FROM competitions c WHERE c.id = search_index.id;
  ELSIF doc_kind = 'team' THEN
    SELECT 'team', t.id, t.game_id, t.name, localized,
        search_text(array[t.name] || array(SELECT value FROM jsonb_each_text(localized) ORDER BY key))
      INTO doc.kind, doc.ref_id, doc.game_id, doc.name, doc.names, doc.text
      FROM teams t WHERE t.id = search_index.id;
  ELSIF doc_kind = 'player' THEN
    SELECT 'player', p.id, p.game_id, coalesce(p.nickname, p.name), localized,
        search_text(array[p.name, p.nickname] || array(SELECT value FROM jsonb_each_text(localized) ORDER BY key))
      INTO doc.kind, doc.ref_id, doc.game_id, doc.name, doc.names, doc.text
      FROM players p WHERE p.id = search_index.id;
  ELSIF doc_kind = 'anchor' THEN
    SELECT 'anchor', a.user_id, a.name, search_text(array[a.name]),
        coalesce((SELECT r.live AND NOT r.closed FROM live_rooms r WHERE r.anchor_id = a.user_id), false)
      INTO doc.kind, doc.ref_id, doc.name, doc.text, doc.live
      FROM anchors a WHERE a.user_id = search_index.id AND a.state = 'approved';
  ELSIF doc_kind = 'room' THEN
    SELECT 'room', r.id, r.game_id, r.title, search_text(array[r.title, a.name]), r.live
      INTO doc.kind, doc.ref_id, doc.game_id, doc.name, doc.text, doc.live
      FROM live_rooms r JOIN anchors a ON a.user_id = r.anchor_id
      WHERE r.id = search_index.id AND NOT r.closed AND a.state = 'approved';
  ELSIF doc_kind = 'article' THEN
    SELECT 'article', x.id, x.game_id, x.title, search_text(array[x.title]),
        to_tsvector('simple', x.title || ' ' || x.summary), x.published_at
      INTO doc.kind, doc.ref_id, doc.game_id, doc.name, doc.text, doc.full_text, doc.published_at
      FROM articles x WHERE x.id = search_index.id AND x.status = 'published';
  ELSIF doc_kind = 'video' THEN
    SELECT 'video', x.id, x.game_id, x.title, search_text(array[x.title]),
        to_tsvector('simple', x.title || ' ' || x.summary), x.published_at
      INTO doc.kind, doc.ref_id, doc.game_id, doc.name, doc.text, doc.full_text, doc.published_at
      FROM videos x WHERE x.id = search_index.id AND x.source IS NOT NULL;
  END IF;
  IF doc.kind IS NULL THEN
    DELETE FROM search_documents d WHERE d.kind = doc_kind AND d.ref_id = id;
    RETURN;
  END IF;
  doc.names := coalesce(doc.names, '{}');
  doc.live := coalesce(doc.live, false);
  doc.words := array(SELECT DISTINCT w FROM regexp_split_to_table(doc.text, '[ |]+') w WHERE w <> '' ORDER BY w);
  INSERT INTO search_documents VALUES (doc.*)
    ON CONFLICT (kind, ref_id) DO UPDATE SET
      game_id = excluded.game_id, name = excluded.name, names = excluded.names, text = excluded.text,
      words = excluded.words, full_text = excluded.full_text, live = excluded.live,
      published_at = excluded.published_at
    WHERE (search_documents.*) IS DISTINCT FROM (excluded.*);
  INSERT INTO search_words
    SELECT w FROM unnest(doc.words) w WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
    ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
-- Keeps the documents in step with the rows they are made of, in the writer's own transaction.
CREATE FUNCTION search_documents_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  CASE TG_TABLE_NAME
    WHEN 'competitions' THEN PERFORM search_index('competition', changed.id);
    WHEN 'teams' THEN PERFORM search_index('team', changed.id);
    WHEN 'players' THEN PERFORM search_index('player', changed.id);
    WHEN 'articles' THEN PERFORM search_index('article', changed.id);
    WHEN 'videos' THEN PERFORM search_index('video', changed.id);
    WHEN 'localized_names' THEN
      PERFORM search_index(changed.kind, changed.ref_id);
      IF TG_OP = 'UPDATE' AND (OLD.kind, OLD.ref_id) IS DISTINCT FROM (NEW.kind, NEW.ref_id) THEN
        PERFORM search_index(OLD.kind, OLD.ref_id);
      END IF;
    WHEN 'anchors' THEN
      PERFORM search_index('anchor', changed.user_id);
      PERFORM search_index('room', r.id) FROM live_rooms r WHERE r.anchor_id = changed.user_id;
    WHEN 'live_rooms' THEN
      PERFORM search_index('room', changed.id);
      PERFORM search_index('anchor', changed.anchor_id);
  END CASE;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_documents_sync AFTER INSERT OR DELETE OR UPDATE OF name, game_id ON competitions
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync();--> statement-breakpoint
CREATE TRIGGER search_documents_sync AFTER INSERT OR DELETE OR UPDATE OF name, game_id ON teams
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync();--> statement-breakpoint
CREATE TRIGGER search_documents_sync AFTER INSERT OR DELETE OR UPDATE OF name, nickname, game_id ON players
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync();--> statement-breakpoint
CREATE TRIGGER search_documents_sync AFTER INSERT OR DELETE OR UPDATE ON localized_names
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync();--> statement-breakpoint
CREATE TRIGGER search_documents_sync AFTER INSERT OR DELETE OR UPDATE OF name, state ON anchors
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync();--> statement-breakpoint
CREATE TRIGGER search_documents_sync AFTER INSERT OR DELETE OR UPDATE OF title, game_id, live, closed, anchor_id ON live_rooms
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync();--> statement-breakpoint
CREATE TRIGGER search_documents_sync AFTER INSERT OR DELETE OR UPDATE OF title, summary, game_id, status, published_at ON articles
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync();--> statement-breakpoint
CREATE TRIGGER search_documents_sync AFTER INSERT OR DELETE OR UPDATE OF title, summary, game_id, source, published_at ON videos
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync();--> statement-breakpoint
-- The documents of everything already there, before their indexes are built.
SELECT search_index('competition', id) FROM competitions;--> statement-breakpoint
SELECT search_index('team', id) FROM teams;--> statement-breakpoint
SELECT search_index('player', id) FROM players;--> statement-breakpoint
SELECT search_index('anchor', user_id) FROM anchors;--> statement-breakpoint
SELECT search_index('room', id) FROM live_rooms;--> statement-breakpoint
SELECT search_index('article', id) FROM articles;--> statement-breakpoint
SELECT search_index('video', id) FROM videos;--> statement-breakpoint
CREATE INDEX "search_documents_competitions_idx" ON "search_documents" USING gin ("text" gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('competition');--> statement-breakpoint
CREATE INDEX "search_documents_teams_idx" ON "search_documents" USING gin ("text" gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('team');--> statement-breakpoint
CREATE INDEX "search_documents_players_idx" ON "search_documents" USING gin ("text" gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('player');--> statement-breakpoint
CREATE INDEX "search_documents_anchors_idx" ON "search_documents" USING gin ("text" gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('anchor');--> statement-breakpoint
CREATE INDEX "search_documents_rooms_idx" ON "search_documents" USING gin ("text" gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('room');--> statement-breakpoint
CREATE INDEX "search_documents_news_idx" ON "search_documents" USING gin ("text" gin_trgm_ops) WITH (fastupdate=false) WHERE kind in ('article', 'video');--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_documents_news_text_idx" ON "search_documents" USING gin ("full_text") WITH (fastupdate=false) WHERE "search_documents"."kind" in ('article', 'video');--> statement-breakpoint
CREATE INDEX "search_words_near_idx" ON "search_words" USING gist ("word" gist_trgm_ops(siglen = 256));