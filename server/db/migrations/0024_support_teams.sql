CREATE TABLE "support_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "team_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "support_teams_name_lower_idx" ON "support_teams" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_team_id_support_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."support_teams"("id") ON DELETE set null ON UPDATE no action;