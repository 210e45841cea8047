CREATE TABLE "validation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"suggest_text" varchar(500) DEFAULT '' NOT NULL,
	"error_text" varchar(500) DEFAULT '' NOT NULL,
	"min_length" integer,
	"max_length" integer,
	"regex" varchar(1000),
	"search_text" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"definition_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"type" varchar(50) DEFAULT '' NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'Editing' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"total_fields" integer DEFAULT 0 NOT NULL,
	"required_fields" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_form_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_form_id" uuid NOT NULL,
	"question_key" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"storage_name" varchar(255) NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"status" varchar(10) DEFAULT 'OPEN' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retired_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"total_fields" integer DEFAULT 0 NOT NULL,
	"required_fields" integer DEFAULT 0 NOT NULL,
	"filled_count" integer DEFAULT 0 NOT NULL,
	"version_decision" varchar(10),
	"assigned_by" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_rule_firings" (
	"rule_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"partner_form_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_rule_firings_rule_id_partner_id_pk" PRIMARY KEY("rule_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "onboarding_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" varchar(20) NOT NULL,
	"source_definition_id" uuid,
	"target_definition_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_definition_id_form_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."form_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_form_files" ADD CONSTRAINT "partner_form_files_partner_form_id_partner_forms_id_fk" FOREIGN KEY ("partner_form_id") REFERENCES "public"."partner_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_form_files" ADD CONSTRAINT "partner_form_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_forms" ADD CONSTRAINT "partner_forms_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_forms" ADD CONSTRAINT "partner_forms_form_id_form_versions_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_forms" ADD CONSTRAINT "partner_forms_definition_id_form_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."form_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_forms" ADD CONSTRAINT "partner_forms_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_rule_firings" ADD CONSTRAINT "onboarding_rule_firings_rule_id_onboarding_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."onboarding_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_rule_firings" ADD CONSTRAINT "onboarding_rule_firings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_rule_firings" ADD CONSTRAINT "onboarding_rule_firings_partner_form_id_partner_forms_id_fk" FOREIGN KEY ("partner_form_id") REFERENCES "public"."partner_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_rules" ADD CONSTRAINT "onboarding_rules_source_definition_id_form_definitions_id_fk" FOREIGN KEY ("source_definition_id") REFERENCES "public"."form_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_rules" ADD CONSTRAINT "onboarding_rules_target_definition_id_form_definitions_id_fk" FOREIGN KEY ("target_definition_id") REFERENCES "public"."form_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "validation_rules_name_idx" ON "validation_rules" USING btree (lower("name")) WHERE "validation_rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "validation_rules_created_idx" ON "validation_rules" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "validation_rules_search_trgm_idx" ON "validation_rules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_number_idx" ON "form_versions" USING btree ("definition_id","version_number");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_one_ready_idx" ON "form_versions" USING btree ("definition_id") WHERE "form_versions"."status" = 'Ready' and "form_versions"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_one_editing_idx" ON "form_versions" USING btree ("definition_id") WHERE "form_versions"."status" = 'Editing' and "form_versions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_versions_status_idx" ON "form_versions" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "form_versions_created_idx" ON "form_versions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "form_versions_rule_ids_idx" ON "form_versions" USING gin ("rule_ids");--> statement-breakpoint
CREATE INDEX "form_versions_search_trgm_idx" ON "form_versions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partner_form_files_form_idx" ON "partner_form_files" USING btree ("partner_form_id","question_key");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_forms_one_open_idx" ON "partner_forms" USING btree ("partner_id","definition_id") WHERE "partner_forms"."status" <> 'SUBMITTED';--> statement-breakpoint
CREATE INDEX "partner_forms_partner_idx" ON "partner_forms" USING btree ("partner_id","updated_at");--> statement-breakpoint
CREATE INDEX "partner_forms_form_idx" ON "partner_forms" USING btree ("form_id","status");--> statement-breakpoint
CREATE INDEX "partner_forms_status_idx" ON "partner_forms" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "partner_forms_updated_idx" ON "partner_forms" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "partner_forms_search_trgm_idx" ON "partner_forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_rules_unique_idx" ON "onboarding_rules" USING btree ("trigger",coalesce("source_definition_id", '00000000-0000-0000-0000-000000000000'::uuid),"target_definition_id") WHERE "onboarding_rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "onboarding_rules_source_idx" ON "onboarding_rules" USING btree ("trigger","source_definition_id");