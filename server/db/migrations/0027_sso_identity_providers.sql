CREATE TABLE "identity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid,
	"kind" varchar(10) NOT NULL,
	"name" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"default_role_id" uuid,
	"oidc_issuer" varchar(500),
	"oidc_client_id" varchar(255),
	"oidc_client_secret_sealed" text,
	"saml_entry_point" varchar(1000),
	"saml_idp_entity_id" varchar(500),
	"saml_idp_certificates" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_organisation_key" UNIQUE NULLS NOT DISTINCT("partner_id")
);
--> statement-breakpoint
CREATE TABLE "sso_assertions_seen" (
	"provider_id" uuid NOT NULL,
	"assertion_id" varchar(200) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_assertions_seen_provider_id_assertion_id_pk" PRIMARY KEY("provider_id","assertion_id")
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid,
	"domain" varchar(253) NOT NULL,
	"verification_token" varchar(100) NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_domains_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "sso_flows" (
	"id" varchar(100) PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"nonce" varchar(100),
	"code_verifier" varchar(200),
	"saml_request_id" varchar(200),
	"return_to" varchar(500),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_handoffs" (
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"mfa" boolean NOT NULL,
	"logout_hint" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_role_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid,
	"claim_value" varchar(255) NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_role_mappings_claim_key" UNIQUE NULLS NOT DISTINCT("partner_id","claim_value","role_id")
);
--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "identity_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "provider_mfa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "provider_logout_hint" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_default_role_id_roles_id_fk" FOREIGN KEY ("default_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_assertions_seen" ADD CONSTRAINT "sso_assertions_seen_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD CONSTRAINT "sso_flows_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_handoffs" ADD CONSTRAINT "sso_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_handoffs" ADD CONSTRAINT "sso_handoffs_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_role_mappings" ADD CONSTRAINT "sso_role_mappings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_role_mappings" ADD CONSTRAINT "sso_role_mappings_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_domains_partner_idx" ON "sso_domains" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "sso_flows_expiry_idx" ON "sso_flows" USING btree ("expires_at");--> statement-breakpoint
-- An installation from before keeps its PartnerAdmin role's edits and gains the partner's own sign-in settings.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "id", "permission" FROM "roles", unnest(ARRAY[
  'Permissions.IdentityProviders.View', 'Permissions.IdentityProviders.Update',
  'Permissions.ScimTokens.View', 'Permissions.ScimTokens.Create', 'Permissions.ScimTokens.Delete'
]) AS "permission"
WHERE "name" = 'PartnerAdmin'
ON CONFLICT DO NOTHING;
