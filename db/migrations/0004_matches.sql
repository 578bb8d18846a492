CREATE TABLE "competitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"region" text NOT NULL,
	"logo" text,
	"format" text NOT NULL,
	"rank" integer DEFAULT 100 NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_favourites" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_favourites_user_id_kind_target_id_pk" PRIMARY KEY("user_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "match_incidents" (
	"match_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"period" text NOT NULL,
	"elapsed_seconds" integer NOT NULL,
	"side" text,
	"player_id" bigint,
	"second_player_id" bigint,
	"home_score" integer,
	"away_score" integer,
	"value" integer,
	CONSTRAINT "match_incidents_match_id_seq_pk" PRIMARY KEY("match_id","seq")
);
--> statement-breakpoint
CREATE TABLE "match_reservations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"match_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"competition_id" bigint NOT NULL,
	"season_id" bigint,
	"stage_id" bigint,
	"round" smallint,
	"group_name" text,
	"leg" smallint,
	"home_team_id" bigint,
	"away_team_id" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"home_score" integer DEFAULT 0 NOT NULL,
	"away_score" integer DEFAULT 0 NOT NULL,
	"result" text,
	"best_of" smallint,
	"state" jsonb NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"feed_state" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" bigint,
	"game_id" integer NOT NULL,
	"name" text NOT NULL,
	"nickname" text,
	"position" text,
	"shirt_number" smallint,
	"nationality" text,
	"birth_date" date,
	"injury" jsonb,
	"source" text NOT NULL,
	"external_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"competition_id" bigint NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"season_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"ordinal" smallint NOT NULL,
	"two_legged" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"country" text,
	"logo" text,
	"founded" smallint,
	"venue" text,
	"source" text NOT NULL,
	"external_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_favourites" ADD CONSTRAINT "match_favourites_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_second_player_id_players_id_fk" FOREIGN KEY ("second_player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reservations" ADD CONSTRAINT "match_reservations_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reservations" ADD CONSTRAINT "match_reservations_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competitions_source_idx" ON "competitions" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "competitions_game_idx" ON "competitions" USING btree ("game_id","rank");--> statement-breakpoint
CREATE INDEX "match_favourites_target_idx" ON "match_favourites" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "match_incidents_player_idx" ON "match_incidents" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_reservations_user_match_idx" ON "match_reservations" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "match_reservations_match_idx" ON "match_reservations" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_source_idx" ON "matches" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "matches_starts_idx" ON "matches" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "matches_game_starts_idx" ON "matches" USING btree ("game_id","starts_at");--> statement-breakpoint
CREATE INDEX "matches_competition_idx" ON "matches" USING btree ("competition_id","starts_at");--> statement-breakpoint
CREATE INDEX "matches_home_idx" ON "matches" USING btree ("home_team_id","starts_at");--> statement-breakpoint
CREATE INDEX "matches_away_idx" ON "matches" USING btree ("away_team_id","starts_at");--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "players_source_idx" ON "players" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "players_team_idx" ON "players" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_source_idx" ON "seasons" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "seasons_competition_idx" ON "seasons" USING btree ("competition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stages_source_idx" ON "stages" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "stages_season_idx" ON "stages" USING btree ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_source_idx" ON "teams" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "teams_game_idx" ON "teams" USING btree ("game_id");