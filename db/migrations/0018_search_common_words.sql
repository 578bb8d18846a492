CREATE TABLE "search_common_words" (
	"kind" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_common_words_kind_word_pk" PRIMARY KEY("kind","word")
);
--> statement-breakpoint
-- Counts afresh the words held by one document in twenty of a kind, and by a hundred at least
-- (decision 029): below that a word's posting lists are short and reading them is cheap.
CREATE FUNCTION search_count_common_words() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_common_words;
  WITH docs AS (
    SELECT CASE WHEN kind IN ('article', 'video') THEN 'news' ELSE kind END AS kind, words FROM search_documents
  ), totals AS (
    SELECT kind, count(*) AS total FROM docs GROUP BY kind
  ), held AS (
    SELECT kind, w AS word, count(*) AS n FROM docs, unnest(words) w GROUP BY kind, w
  )
  INSERT INTO search_common_words
    SELECT held.kind, held.word FROM held JOIN totals USING (kind) WHERE n >= 100 AND n * 20 >= total;
$$;--> statement-breakpoint
SELECT search_count_common_words();
