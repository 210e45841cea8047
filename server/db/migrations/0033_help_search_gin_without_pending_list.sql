DROP INDEX "help_article_search_document_idx";--> statement-breakpoint
CREATE INDEX "help_article_search_document_idx" ON "help_article_search" USING gin ("document") WITH (fastupdate=false);