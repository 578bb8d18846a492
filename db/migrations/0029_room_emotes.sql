CREATE TABLE "chat_emotes" (
	"room_id" bigint NOT NULL,
	"code" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_emotes_room_id_code_pk" PRIMARY KEY("room_id","code")
);
