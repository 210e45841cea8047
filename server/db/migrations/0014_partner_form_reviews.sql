CREATE TABLE "partner_form_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_form_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"form_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"decisions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resubmitted_at" timestamp with time zone,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_forms" ADD COLUMN "review_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_forms" ADD COLUMN "review_state" varchar(12);--> statement-breakpoint
ALTER TABLE "partner_form_reviews" ADD CONSTRAINT "partner_form_reviews_partner_form_id_partner_forms_id_fk" FOREIGN KEY ("partner_form_id") REFERENCES "public"."partner_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_form_reviews" ADD CONSTRAINT "partner_form_reviews_form_id_form_versions_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_form_reviews" ADD CONSTRAINT "partner_form_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_form_reviews_round_idx" ON "partner_form_reviews" USING btree ("partner_form_id","round");