DROP INDEX "canned_responses_owner_idx";--> statement-breakpoint
ALTER TABLE "canned_responses" ALTER COLUMN "body" SET DATA TYPE varchar(5000);--> statement-breakpoint
ALTER TABLE "canned_responses" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A shared response was one without an owner: it says so now, as the declared scope (sharedOrOwn) reads it.
UPDATE "canned_responses" SET "shared" = true WHERE "owner_id" IS NULL;--> statement-breakpoint
CREATE INDEX "canned_responses_search_trgm_idx" ON "canned_responses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "canned_responses_title_idx" ON "canned_responses" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "canned_responses_owner_id_idx" ON "canned_responses" USING btree ("owner_id","title");--> statement-breakpoint
CREATE INDEX "canned_responses_created_idx" ON "canned_responses" USING btree ("created_at","id");