-- ==== hand-written (docs/decisions/0054): one question per screen on small screens ====
-- Whether the account's questionnaires show one question at a time on screens below 480 px (issue 27); on unless
-- the account turns it off.
ALTER TABLE "accounts" ADD COLUMN "questionnaire_one_question_per_screen" boolean DEFAULT true NOT NULL;
