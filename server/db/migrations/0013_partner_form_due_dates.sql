CREATE TABLE "partner_form_reminders" (
	"partner_form_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"point" varchar(16) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_form_reminders_partner_form_id_kind_anchor_at_point_pk" PRIMARY KEY("partner_form_id","kind","anchor_at","point")
);
--> statement-breakpoint
ALTER TABLE "partner_forms" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_rules" ADD COLUMN "due_days" integer;--> statement-breakpoint
ALTER TABLE "partner_form_reminders" ADD CONSTRAINT "partner_form_reminders_partner_form_id_partner_forms_id_fk" FOREIGN KEY ("partner_form_id") REFERENCES "public"."partner_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_form_reminders_sent_idx" ON "partner_form_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "partner_forms_due_idx" ON "partner_forms" USING btree ("due_at") WHERE "partner_forms"."due_at" is not null and "partner_forms"."status" = 'OPEN';