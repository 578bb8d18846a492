-- The search documents of competitions, teams and players (decision 029) are kept in step once per
-- statement instead of once per row: a feed's batch of 500 players, then their names in other
-- languages, wrote each player's document three times (the row, then once per name), each time
-- updating the trigram indexes; now each document is written once per statement, with its names.
-- What a document holds is unchanged: search_index_all makes for many what search_index makes for one.
CREATE FUNCTION search_index_all(doc_kind text, ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF doc_kind NOT IN ('competition', 'team', 'player') THEN
    PERFORM search_index(doc_kind, id) FROM unnest(ids) AS id;
    RETURN;
  END IF;
  WITH things AS (
    SELECT c.id, c.game_id, c.name AS shown, array[c.name] AS own FROM competitions c
      WHERE doc_kind = 'competition' AND c.id = ANY(ids)
    UNION ALL
    SELECT t.id, t.game_id, t.name, array[t.name] FROM teams t
      WHERE doc_kind = 'team' AND t.id = ANY(ids)
    UNION ALL
    SELECT p.id, p.game_id, coalesce(p.nickname, p.name), array[p.name, p.nickname] FROM players p
      WHERE doc_kind = 'player' AND p.id = ANY(ids)
  ),
  gone AS (
    DELETE FROM search_documents d
      WHERE d.kind = doc_kind AND d.ref_id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM things x WHERE x.id = d.ref_id)
  ),
  docs AS (
    SELECT x.id, x.game_id, x.shown, coalesce(l.names, '{}'::jsonb) AS names,
      search_text(x.own || coalesce(l.others, '{}'::text[])) AS text
    FROM things x LEFT JOIN LATERAL (
      SELECT jsonb_object_agg(n.locale, n.name) AS names, array_agg(n.name ORDER BY n.locale) AS others
        FROM localized_names n WHERE n.kind = doc_kind AND n.ref_id = x.id
    ) l ON true
  ),
  written AS (
    INSERT INTO search_documents (kind, ref_id, game_id, name, names, text, words, full_text, live, published_at)
    SELECT doc_kind, d.id, d.game_id, d.shown, d.names, d.text,
        array(SELECT DISTINCT w FROM regexp_split_to_table(d.text, '[ |]+') w WHERE w <> '' ORDER BY w),
        NULL, false, NULL
      FROM docs d
    ON CONFLICT (kind, ref_id) DO UPDATE SET
      game_id = excluded.game_id, name = excluded.name, names = excluded.names, text = excluded.text,
      words = excluded.words, full_text = excluded.full_text, live = excluded.live,
      published_at = excluded.published_at
    WHERE (search_documents.*) IS DISTINCT FROM (excluded.*)
    RETURNING words
  )
  INSERT INTO search_words
    SELECT DISTINCT w FROM written, unnest(written.words) w WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
    ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
-- The rows a statement changed, by the transition tables of its trigger: `changed` (inserted, or
-- updated as they are now, or deleted) and, for an update, `before`.
CREATE FUNCTION search_documents_sync_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'localized_names' THEN
    IF TG_OP = 'UPDATE' THEN
      PERFORM search_index_all(k, array_agg(DISTINCT r))
        FROM (SELECT kind, ref_id FROM changed UNION SELECT kind, ref_id FROM before) AS t(k, r) GROUP BY k;
    ELSE
      PERFORM search_index_all(kind, array_agg(DISTINCT ref_id)) FROM changed GROUP BY kind;
    END IF;
  ELSE
    PERFORM search_index_all(
      CASE TG_TABLE_NAME WHEN 'competitions' THEN 'competition' WHEN 'teams' THEN 'team' ELSE 'player' END,
      array(SELECT id FROM changed));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER search_documents_sync ON competitions;--> statement-breakpoint
DROP TRIGGER search_documents_sync ON teams;--> statement-breakpoint
DROP TRIGGER search_documents_sync ON players;--> statement-breakpoint
DROP TRIGGER search_documents_sync ON localized_names;--> statement-breakpoint
CREATE TRIGGER search_documents_inserted AFTER INSERT ON competitions REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_updated AFTER UPDATE ON competitions REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_deleted AFTER DELETE ON competitions REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_inserted AFTER INSERT ON teams REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_updated AFTER UPDATE ON teams REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_deleted AFTER DELETE ON teams REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_inserted AFTER INSERT ON players REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_updated AFTER UPDATE ON players REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_deleted AFTER DELETE ON players REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_inserted AFTER INSERT ON localized_names REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_updated AFTER UPDATE ON localized_names REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();--> statement-breakpoint
CREATE TRIGGER search_documents_deleted AFTER DELETE ON localized_names REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_sync_statement();
