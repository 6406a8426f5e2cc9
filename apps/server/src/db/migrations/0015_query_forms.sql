-- Query forms (issue 12): questionnaires and their answers, tenant tables under forced RLS.
CREATE TABLE "query_forms" (
	"env_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"definition" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_table_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filled_once" boolean DEFAULT false NOT NULL,
	"publish_active" boolean DEFAULT false NOT NULL,
	"publish_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "query_forms_env_id_id_pk" PRIMARY KEY("env_id","id")
);
--> statement-breakpoint
CREATE TABLE "query_form_answers" (
	"env_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"source" text NOT NULL,
	"once_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "query_form_answers_env_id_id_pk" PRIMARY KEY("env_id","id")
);
--> statement-breakpoint
ALTER TABLE "query_forms" ADD CONSTRAINT "query_forms_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_form_answers" ADD CONSTRAINT "query_form_answers_form_fk" FOREIGN KEY ("env_id","form_id") REFERENCES "public"."query_forms"("env_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "query_forms_publish_key_idx" ON "query_forms" USING btree ("env_id","publish_key");--> statement-breakpoint
CREATE INDEX "query_forms_title_idx" ON "query_forms" USING btree ("env_id",lower("title"));--> statement-breakpoint
CREATE INDEX "query_form_answers_form_idx" ON "query_form_answers" USING btree ("env_id","form_id","created_at");--> statement-breakpoint
-- filled_once: one answer per form and once_key ('url', or the portal customer): parallel submits cannot both win.
CREATE UNIQUE INDEX "query_form_answers_once_idx" ON "query_form_answers" USING btree ("env_id","form_id","once_key");--> statement-breakpoint
ALTER TABLE query_forms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE query_forms FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY query_forms_tenant ON query_forms
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE query_form_answers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE query_form_answers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY query_form_answers_tenant ON query_form_answers
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON query_forms, query_form_answers TO kontor_app;
--> statement-breakpoint
-- The customer portal (issue 12 item 5): answers remember the customer's record; one-time login
-- links and sessions of customers, apart from staff sessions. The portal's address names the
-- environment, so both are tenant tables looked up inside its scope.
ALTER TABLE "query_form_answers" ADD COLUMN "customer_id" uuid;
--> statement-breakpoint
CREATE INDEX "query_form_answers_customer_idx" ON "query_form_answers" USING btree ("env_id","customer_id","form_id");
--> statement-breakpoint
CREATE TABLE "portal_login_tokens" (
	"env_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_login_tokens_env_id_token_hash_pk" PRIMARY KEY("env_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"env_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_sessions_env_id_token_hash_pk" PRIMARY KEY("env_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "portal_login_tokens" ADD CONSTRAINT "portal_login_tokens_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_login_tokens_customer_idx" ON "portal_login_tokens" USING btree ("env_id","customer_id","created_at");--> statement-breakpoint
ALTER TABLE portal_login_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE portal_login_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY portal_login_tokens_tenant ON portal_login_tokens
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE portal_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE portal_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY portal_sessions_tenant ON portal_sessions
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON portal_login_tokens, portal_sessions TO kontor_app;
