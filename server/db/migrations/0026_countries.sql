CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(2) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_folded" varchar(100) DEFAULT '' NOT NULL,
	"region" varchar(50) NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_contacts" DROP CONSTRAINT "partner_contacts_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "country_id" uuid;--> statement-breakpoint
CREATE INDEX "countries_search_trgm_idx" ON "countries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_idx" ON "countries" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "countries_name_trgm_idx" ON "countries" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "countries_created_idx" ON "countries" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_contacts" ADD CONSTRAINT "partner_contacts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partners_country_id_idx" ON "partners" USING btree ("country_id");