-- Settings (issue 10): the customer portal and per-function settings.
-- portals is a control-plane table like environments: the public page /portal/{slug} finds it
-- before any environment is known, and its url_slug is unique across the product.
CREATE TABLE "portals" (
	"env_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url_slug" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portals" ADD CONSTRAINT "portals_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "portals_url_slug_key" ON "portals" USING btree ("url_slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "portals_id_key" ON "portals" USING btree ("id");
--> statement-breakpoint
CREATE TABLE "function_settings" (
	"env_id" uuid NOT NULL,
	"function" text NOT NULL,
	"qualifier" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "function_settings_env_id_function_qualifier_pk" PRIMARY KEY("env_id","function","qualifier")
);
--> statement-breakpoint
ALTER TABLE "function_settings" ADD CONSTRAINT "function_settings_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE function_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE function_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY function_settings_tenant ON function_settings
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON portals, function_settings TO kontor_app;
