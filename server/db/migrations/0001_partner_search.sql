CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "name_folded" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "partners_search_trgm_idx" ON "partners" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_name_trgm_idx" ON "partners" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_phone_trgm_idx" ON "partners" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_name_idx" ON "partners" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "partners_created_idx" ON "partners" USING btree ("created_at","id");