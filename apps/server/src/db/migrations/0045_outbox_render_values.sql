-- Bulk invitations rendered at delivery (docs/decisions/0057 addendum): the outbox row keeps the few values the
-- invitation needs (about 200 bytes) instead of its rendered subject, text and HTML (about 6 KB); the dispatcher
-- renders them and writes the rendered mail back when it is sent.
ALTER TABLE "mail_outbox" ADD COLUMN "render_values" jsonb;
