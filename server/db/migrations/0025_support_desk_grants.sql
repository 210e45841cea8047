-- Issue 25: the support desk's grants for the seeded roles of a database made before it (a new database gets them from
-- the seed, which creates the roles after the migrations). Once only: an editor's later removal stands.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."id", p."permission" FROM "roles" r CROSS JOIN (VALUES ('Permissions.ServiceLevels.View'), ('Permissions.TicketNotes.View'), ('Permissions.TicketNotes.Create'), ('Permissions.CannedResponses.View'), ('Permissions.CannedResponses.Search'), ('Permissions.CannedResponses.Create'), ('Permissions.CannedResponses.Update'), ('Permissions.CannedResponses.Delete'), ('Permissions.CannedResponses.Configure'), ('Permissions.TicketAssignments.View'), ('Permissions.TicketAssignments.Update'), ('Permissions.TicketMerges.Create'), ('Permissions.TicketRatings.View')) AS p("permission")
WHERE r."name" = 'Support'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."id", 'Permissions.TicketRatings.Create' FROM "roles" r WHERE r."name" IN ('PartnerAdmin', 'Partner')
ON CONFLICT DO NOTHING;
