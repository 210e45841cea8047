CREATE TABLE "inbound_mails" (
	"message_id" varchar(998) PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ticket_id" uuid,
	"outcome" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_bounces" (
	"email" varchar(255) PRIMARY KEY NOT NULL,
	"bounced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"diagnostic" text
);
--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;