-- Website manager (issue 13): the website of an environment, its pages and menus, the visit
-- counters, and two control-plane tables: the website's own host (found by the Host header before
-- any environment is known) and the daily salt of the visitor hash (the same for every environment).
CREATE TABLE "websites" (
	"env_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"homepage" uuid,
	"is_active" boolean DEFAULT false NOT NULL,
	"debug" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"design" text DEFAULT 'business' NOT NULL,
	"design_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"interfaces" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "website_pages" (
	"env_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url_path" text NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"set_as_homepage" boolean DEFAULT false NOT NULL,
	"set_as_not_found_page" boolean DEFAULT false NOT NULL,
	"record_page" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "website_pages_env_path_key" ON "website_pages" USING btree ("env_id","url_path");
--> statement-breakpoint
CREATE TABLE "website_menus" (
	"env_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"definition" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"design_usage" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_menus" ADD CONSTRAINT "website_menus_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "website_menus_env_idx" ON "website_menus" USING btree ("env_id","created_at");
--> statement-breakpoint
CREATE TABLE "website_visits" (
	"env_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "website_visits_env_id_day_pk" PRIMARY KEY("env_id","day")
);
--> statement-breakpoint
ALTER TABLE "website_visits" ADD CONSTRAINT "website_visits_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "website_visitors" (
	"env_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "website_visitors_env_id_day_visitor_hash_pk" PRIMARY KEY("env_id","day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "website_visitors" ADD CONSTRAINT "website_visitors_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "website_hosts" (
	"env_id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_hosts" ADD CONSTRAINT "website_hosts_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "website_hosts_host_key" ON "website_hosts" USING btree ("host");
--> statement-breakpoint
CREATE TABLE "website_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE websites ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE websites FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY websites_tenant ON websites USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE website_pages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE website_pages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY website_pages_tenant ON website_pages USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE website_menus ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE website_menus FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY website_menus_tenant ON website_menus USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE website_visits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE website_visits FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY website_visits_tenant ON website_visits USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE website_visitors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE website_visitors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY website_visitors_tenant ON website_visitors USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON websites, website_pages, website_menus, website_visits, website_visitors, website_hosts, website_salts TO kontor_app;
