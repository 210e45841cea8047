CREATE TABLE "support_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_assignment_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"category_priorities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_assignee_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "category" varchar(20);--> statement-breakpoint
ALTER TABLE "support_availability" ADD CONSTRAINT "support_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assignment_settings" ADD CONSTRAINT "ticket_assignment_settings_last_assignee_id_users_id_fk" FOREIGN KEY ("last_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assignment_settings" ADD CONSTRAINT "ticket_assignment_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "ticket_assignment_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
