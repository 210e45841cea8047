CREATE TABLE "file_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" uuid,
	"grant_id" uuid,
	"link_id" uuid,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"client" varchar(300) DEFAULT '' NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"condition_type" varchar(10) NOT NULL,
	"partner_id" uuid,
	"role_id" uuid,
	"user_id" uuid,
	"valid_from" timestamp (3) with time zone NOT NULL,
	"valid_to" timestamp (3) with time zone NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"download_limit" integer,
	"download_count" integer DEFAULT 0 NOT NULL,
	"view_only" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"request_id" uuid,
	"expiry_notice_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_grants_window_check" CHECK ("file_grants"."valid_to" > "file_grants"."valid_from"),
	CONSTRAINT "file_grants_target_check" CHECK (("file_grants"."condition_type" = 'partner' and "file_grants"."partner_id" is not null and "file_grants"."role_id" is null and "file_grants"."user_id" is null)
        or ("file_grants"."condition_type" = 'role' and "file_grants"."role_id" is not null and "file_grants"."partner_id" is null and "file_grants"."user_id" is null)
        or ("file_grants"."condition_type" = 'user' and "file_grants"."user_id" is not null and "file_grants"."partner_id" is null and "file_grants"."role_id" is null))
);
--> statement-breakpoint
CREATE TABLE "file_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"visited_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid,
	"request_text" varchar(500) DEFAULT '' NOT NULL,
	"reason" varchar(1000) NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"partner_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" varchar(1000) DEFAULT '' NOT NULL,
	"grant_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managed_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"storage_key" varchar(64) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"replaced_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "managed_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_access_log" ADD CONSTRAINT "file_access_log_file_id_managed_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."managed_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_access_log" ADD CONSTRAINT "file_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_access_log" ADD CONSTRAINT "file_access_log_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_access_log" ADD CONSTRAINT "file_access_log_grant_id_file_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."file_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_file_id_managed_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."managed_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_file_id_managed_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."managed_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_grant_id_file_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."file_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_requests" ADD CONSTRAINT "file_requests_file_id_managed_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."managed_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_requests" ADD CONSTRAINT "file_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_requests" ADD CONSTRAINT "file_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_requests" ADD CONSTRAINT "file_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_requests" ADD CONSTRAINT "file_requests_grant_id_file_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."file_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_files" ADD CONSTRAINT "managed_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_access_log_file_idx" ON "file_access_log" USING btree ("file_id","at");--> statement-breakpoint
CREATE INDEX "file_access_log_partner_idx" ON "file_access_log" USING btree ("partner_id","at");--> statement-breakpoint
CREATE INDEX "file_access_log_at_idx" ON "file_access_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "file_grants_file_idx" ON "file_grants" USING btree ("file_id","valid_to");--> statement-breakpoint
CREATE INDEX "file_grants_partner_idx" ON "file_grants" USING btree ("partner_id","valid_to");--> statement-breakpoint
CREATE INDEX "file_grants_role_idx" ON "file_grants" USING btree ("role_id","valid_to");--> statement-breakpoint
CREATE INDEX "file_grants_user_idx" ON "file_grants" USING btree ("user_id","valid_to");--> statement-breakpoint
CREATE INDEX "file_grants_expiry_idx" ON "file_grants" USING btree ("valid_to") WHERE "file_grants"."revoked_at" is null and "file_grants"."expiry_notice_at" is null;--> statement-breakpoint
CREATE INDEX "file_links_expires_idx" ON "file_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "file_requests_partner_idx" ON "file_requests" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "file_requests_status_idx" ON "file_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "file_requests_created_idx" ON "file_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "file_requests_search_trgm_idx" ON "file_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "managed_files_created_idx" ON "managed_files" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "managed_files_search_trgm_idx" ON "managed_files" USING gin ("search_text" gin_trgm_ops);