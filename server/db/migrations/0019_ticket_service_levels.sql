CREATE TABLE "service_level_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"calendar" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "ticket_sla_reminders" (
	"ticket_id" uuid NOT NULL,
	"target" varchar(20) NOT NULL,
	"clock_started_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_sla_reminders_ticket_id_target_clock_started_at_pk" PRIMARY KEY("ticket_id","target","clock_started_at")
);
--> statement-breakpoint
CREATE TABLE "ticket_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid
);
--> statement-breakpoint
ALTER TABLE "service_level_settings" ADD CONSTRAINT "service_level_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sla_reminders" ADD CONSTRAINT "ticket_sla_reminders_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_status_changes" ADD CONSTRAINT "ticket_status_changes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_status_changes" ADD CONSTRAINT "ticket_status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_sla_reminders_sent_idx" ON "ticket_sla_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "ticket_status_changes_ticket_idx" ON "ticket_status_changes" USING btree ("ticket_id","changed_at");--> statement-breakpoint
-- Backfill: each ticket opened at its creation, and (when it is no longer OPEN) took its status at its last update.
INSERT INTO "ticket_status_changes" ("ticket_id", "from_status", "to_status", "changed_at")
  SELECT "id", NULL, 'OPEN', "created_at" FROM "tickets";--> statement-breakpoint
INSERT INTO "ticket_status_changes" ("ticket_id", "from_status", "to_status", "changed_at")
  SELECT "id", 'OPEN', "status", greatest("updated_at", "created_at") FROM "tickets" WHERE "status" <> 'OPEN';
