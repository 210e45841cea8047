CREATE TABLE "ticket_counts" (
	"status" varchar(20) NOT NULL,
	"awaiting_side" varchar(10) NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_counts_status_awaiting_side_pk" PRIMARY KEY("status","awaiting_side")
);
--> statement-breakpoint
CREATE FUNCTION "ticket_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "ticket_counts" SET "total" = "total" - 1 WHERE "status" = OLD."status" AND "awaiting_side" = OLD."awaiting_side";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "ticket_counts" ("status", "awaiting_side", "total") VALUES (NEW."status", NEW."awaiting_side", 1)
    ON CONFLICT ("status", "awaiting_side") DO UPDATE SET "total" = "ticket_counts"."total" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ticket_counts_on_insert_or_delete" AFTER INSERT OR DELETE ON "tickets" FOR EACH ROW EXECUTE FUNCTION "ticket_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "ticket_counts_on_update" AFTER UPDATE OF "status", "awaiting_side" ON "tickets" FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."awaiting_side" IS DISTINCT FROM NEW."awaiting_side") EXECUTE FUNCTION "ticket_counts_follow"();--> statement-breakpoint
INSERT INTO "ticket_counts" ("status", "awaiting_side", "total") SELECT "status", "awaiting_side", count(*)::int FROM "tickets" GROUP BY "status", "awaiting_side";
