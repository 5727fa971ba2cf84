-- Issue 38 point 2 (docs/decisions/0093): the yearly review. A risk product's review period (months; 0 switches it
-- off) and how many days before a review falls due the adviser is told; a questionnaire started from the client's
-- previous answers names the result it reviews; each due review is announced once (mail and webhook).
ALTER TABLE "product_configurations" ADD COLUMN "review_every_months" integer DEFAULT 12 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "review_notice_days" integer DEFAULT 14 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_review_every_months_ck" CHECK ("review_every_months" between 0 and 60);
--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_review_notice_days_ck" CHECK ("review_notice_days" between 0 and 90);
--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "review_of" uuid REFERENCES "interaction_instances"("id") ON DELETE set null;
--> statement-breakpoint
CREATE TABLE "review_notices" (
  "result_instance_id" uuid PRIMARY KEY NOT NULL REFERENCES "interaction_instances"("id") ON DELETE cascade,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id"),
  "due_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "interaction_instances_review_of_idx" ON "interaction_instances" USING btree ("review_of") WHERE "review_of" is not null;
