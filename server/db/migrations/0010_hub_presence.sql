CREATE UNLOGGED TABLE "hub_presence" (
	"instance_id" varchar(64) NOT NULL,
	"connection_id" varchar(64) NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hub_presence_instance_id_connection_id_pk" PRIMARY KEY("instance_id","connection_id")
);
--> statement-breakpoint
CREATE INDEX "hub_presence_user_idx" ON "hub_presence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hub_presence_expires_idx" ON "hub_presence" USING btree ("expires_at");