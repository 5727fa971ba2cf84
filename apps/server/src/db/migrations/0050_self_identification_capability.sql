-- ==== hand-written (docs/decisions/0063): the participant's own key, apart from the instance token ====
-- The instance token is in the evaluator's URLs and invitation view, so it cannot be what lets a person read or
-- change their self-identification. The browser that submits the questionnaire gets a random key in an HttpOnly
-- cookie; only its SHA-256 is kept here, one per instance, never replaced (a second submit hands out nothing).
CREATE TABLE "participant_keys" (
	"instance_id" uuid PRIMARY KEY NOT NULL REFERENCES "interaction_instances"("id") ON DELETE CASCADE,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
