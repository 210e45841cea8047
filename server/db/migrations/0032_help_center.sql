CREATE TABLE "help_article_search" (
	"article_id" uuid NOT NULL,
	"language" varchar(2) NOT NULL,
	"title" varchar(200) NOT NULL,
	"body_text" text NOT NULL,
	"title_folded" text NOT NULL,
	"body_folded" text NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title_folded"), 'A') || setweight(to_tsvector('simple'::regconfig, "body_folded"), 'D')) STORED NOT NULL,
	CONSTRAINT "help_article_search_article_id_language_pk" PRIMARY KEY("article_id","language")
);
--> statement-breakpoint
CREATE TABLE "help_article_versions" (
	"article_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"en_title" varchar(200),
	"en_body" text,
	"vi_title" varchar(200),
	"vi_body" text,
	"edited_by" uuid,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "help_article_versions_article_id_number_pk" PRIMARY KEY("article_id","number")
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(120) NOT NULL,
	"category_id" uuid,
	"audience" varchar(20) NOT NULL,
	"partner_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"en_title" varchar(200),
	"en_body" text,
	"vi_title" varchar(200),
	"vi_body" text,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"latest_version" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"name_vi" varchar(100) NOT NULL,
	"position" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_deflections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid,
	"user_id" uuid,
	"partner_id" uuid,
	"query" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"language" varchar(2) NOT NULL,
	"helpful" boolean NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_unanswered_searches" (
	"query" varchar(200) NOT NULL,
	"language" varchar(2) NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_unanswered_searches_query_language_pk" PRIMARY KEY("query","language")
);
--> statement-breakpoint
ALTER TABLE "help_article_search" ADD CONSTRAINT "help_article_search_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_article_versions" ADD CONSTRAINT "help_article_versions_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_article_versions" ADD CONSTRAINT "help_article_versions_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_deflections" ADD CONSTRAINT "help_deflections_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_deflections" ADD CONSTRAINT "help_deflections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_deflections" ADD CONSTRAINT "help_deflections_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_article_search_document_idx" ON "help_article_search" USING gin ("document");--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_slug_idx" ON "help_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_articles_search_trgm_idx" ON "help_articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "help_articles_category_idx" ON "help_articles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "help_articles_updated_idx" ON "help_articles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "help_articles_created_idx" ON "help_articles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "help_categories_search_trgm_idx" ON "help_categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "help_categories_position_idx" ON "help_categories" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "help_categories_created_idx" ON "help_categories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "help_deflections_created_idx" ON "help_deflections" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "help_feedback_article_idx" ON "help_feedback" USING btree ("article_id","language");--> statement-breakpoint
CREATE INDEX "help_feedback_created_idx" ON "help_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "help_unanswered_count_idx" ON "help_unanswered_searches" USING btree ("count");