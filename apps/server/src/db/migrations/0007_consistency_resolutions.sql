CREATE TABLE "consistency_resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"user_id" uuid,
	"author_name" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consistency_resolutions" ADD CONSTRAINT "consistency_resolutions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consistency_resolutions" ADD CONSTRAINT "consistency_resolutions_instance_id_interaction_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."interaction_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consistency_resolutions" ADD CONSTRAINT "consistency_resolutions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consistency_resolutions_instance_idx" ON "consistency_resolutions" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE INDEX "consistency_resolutions_account_idx" ON "consistency_resolutions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "consistency_resolutions_user_idx" ON "consistency_resolutions" USING btree ("user_id");