CREATE TABLE "ticket_reads" (
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"by_staff" boolean NOT NULL,
	"read_up_to" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_reads_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "awaiting_side" varchar(10) DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "awaiting_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_forms" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD CONSTRAINT "ticket_reads_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD CONSTRAINT "ticket_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_reads_side_idx" ON "ticket_reads" USING btree ("ticket_id","by_staff","read_up_to");--> statement-breakpoint
CREATE INDEX "tickets_awaiting_idx" ON "tickets" USING btree ("awaiting_side","status","awaiting_since");--> statement-breakpoint
CREATE INDEX "tickets_partner_awaiting_idx" ON "tickets" USING btree ("partner_id","awaiting_side","status","awaiting_since");--> statement-breakpoint
CREATE INDEX "partner_forms_definition_status_idx" ON "partner_forms" USING btree ("definition_id","status");--> statement-breakpoint
UPDATE "tickets" t SET "awaiting_side" = CASE WHEN u."partner_id" IS NULL THEN 'partner' ELSE 'staff' END, "awaiting_since" = m."created_at"
FROM (SELECT DISTINCT ON ("ticket_id") "ticket_id", "author_id", "created_at" FROM "ticket_messages" ORDER BY "ticket_id", "created_at" DESC) m
JOIN "users" u ON u."id" = m."author_id"
WHERE m."ticket_id" = t."id";--> statement-breakpoint
UPDATE "tickets" t SET "awaiting_side" = CASE WHEN u."partner_id" IS NULL THEN 'partner' ELSE 'staff' END, "awaiting_since" = t."created_at"
FROM "users" u WHERE u."id" = t."created_by" AND t."last_message_at" IS NULL;--> statement-breakpoint
UPDATE "partner_forms" SET "reopened_at" = "updated_at" WHERE "status" = 'OPEN' AND "comments" <> '{}'::jsonb;
