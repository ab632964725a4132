/**
 * Types of Estate's public API (/public/v1), generated from the server's OpenAPI document by
 * `npm run client:types` (scripts/client-types.ts). Do not edit: test/packages/client.test.ts fails when this
 * file differs from what the routes generate. Paths are relative to /public/v1.
 */

export interface paths {
    "/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @description Enrolled agents with their status and last report. Never shows tokens. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: agents:read.
         */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an agent
         * @description One agent of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: agents:read.
         */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/announcements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List announcements
         * @description Announcements with a severity and a publication window. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: announces:read.
         */
        get: operations["listAnnouncements"];
        put?: never;
        /**
         * Create an announcement
         * @description Creates an announcement; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts announcements writes only announcements within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: announces:add.
         */
        post: operations["createAnnouncement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/announcements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an announcement
         * @description One announcement of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: announces:read.
         */
        get: operations["getAnnouncement"];
        put?: never;
        post?: never;
        /**
         * Delete an announcement
         * @description Deletes the announcement; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the announcement changed since that ETag.  Everything that referred to it is released and audited on its own resource. Audited. Scope: announces:delete.
         */
        delete: operations["deleteAnnouncement"];
        options?: never;
        head?: never;
        /**
         * Change an announcement
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the announcement changed since that ETag. A key whose role restricts announcements writes only announcements within its restrictions, before and after: 403 otherwise, nothing written.  Scope: announces:edit.
         */
        patch: operations["updateAnnouncement"];
        trace?: never;
    };
    "/application-catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the application catalog
         * @description A global reference catalog of business applications and infrastructure software, the same for every workspace, sorted by name. Pages hold 25 entries; page through until data is empty. Scope: applications:read.
         */
        get: operations["searchApplicationCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List applications
         * @description The application portfolio of the workspace. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: applications:read.
         */
        get: operations["listApplications"];
        put?: never;
        /**
         * Create an application
         * @description Creates an application; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts applications writes only applications within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: applications:add.
         */
        post: operations["createApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an application
         * @description One application of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: applications:read.
         */
        get: operations["getApplication"];
        put?: never;
        post?: never;
        /**
         * Delete an application
         * @description Deletes the application; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the application changed since that ETag. Its owner, tag, team and server links, its flows and its comments go with it; discovered software linked to it returns to triage; contracts and data objects no longer list it. Everything that referred to it is released and audited on its own resource. Audited. Scope: applications:delete.
         */
        delete: operations["deleteApplication"];
        options?: never;
        head?: never;
        /**
         * Change an application
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the application changed since that ETag. A key whose role restricts applications writes only applications within its restrictions, before and after: 403 otherwise, nothing written. A categoryId outside the workspace, an unknown catalogEntryId or lifecycle dates that go backwards answer 422. Scope: applications:edit.
         */
        patch: operations["updateApplication"];
        trace?: never;
    };
    "/applications/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the comments on an application
         * @description Comments, oldest first, as a bare JSON array. Scope: applications:read.
         */
        get: operations["listApplicationComments"];
        put?: never;
        /**
         * Comment on an application
         * @description Adds a comment signed by the calling key; moves the application's updatedAt; audited as comment. Scope: applications:comment.
         */
        post: operations["createApplicationComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the owners of an application
         * @description The owners linked to the application, as a bare JSON array (no envelope). Scopes: applications:read and users:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listApplicationOwners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/owners/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link an user to an application
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign application or user answers 404. Audited as link when it changes something. Scope: applications:edit.
         */
        put: operations["linkApplicationOwner"];
        post?: never;
        /**
         * Unlink an user from an application
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign application or user answers 404. Audited as unlink when it changes something. Scope: applications:edit.
         */
        delete: operations["unlinkApplicationOwner"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the servers of an application
         * @description The servers linked to the application, as a bare JSON array (no envelope). Scopes: applications:read and infrastructure:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listApplicationServers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/servers/{serverId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link a server to an application
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign application or server answers 404. Audited as link when it changes something. Scope: applications:edit.
         */
        put: operations["linkApplicationServer"];
        post?: never;
        /**
         * Unlink a server from an application
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign application or server answers 404. Audited as unlink when it changes something. Scope: applications:edit.
         */
        delete: operations["unlinkApplicationServer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tags of an application
         * @description The tags linked to the application, as a bare JSON array (no envelope). Scopes: applications:read and tags:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listApplicationTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/tags/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link a tag to an application
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign application or tag answers 404. Audited as link when it changes something. Scope: applications:edit.
         */
        put: operations["linkApplicationTag"];
        post?: never;
        /**
         * Unlink a tag from an application
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign application or tag answers 404. Audited as unlink when it changes something. Scope: applications:edit.
         */
        delete: operations["unlinkApplicationTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the teams of an application
         * @description The teams linked to the application, as a bare JSON array (no envelope). Scopes: applications:read and organisation:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listApplicationTeams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link a team to an application
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign application or team answers 404. Audited as link when it changes something. Scope: applications:edit.
         */
        put: operations["linkApplicationTeam"];
        post?: never;
        /**
         * Unlink a team from an application
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign application or team answers 404. Audited as unlink when it changes something. Scope: applications:edit.
         */
        delete: operations["unlinkApplicationTeam"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events
         * @description Audit events of the key's workspace, newest first by (timestamp, id). Drive the loop with hasMore and
         *     nextCursor; the cursor stays correct while new events arrive. Persist the last cursor (or the last event's
         *     timestamp) before handling a page so that a restart neither repeats nor skips events.
         *
         *     Categories: inventory, organisation, access, settings. Actions: create, update, delete, link, unlink, comment, rotate, revoke, report, sign_in, sign_in_failure, lockout, sign_out, password_change, invite, unlock, import.
         *     Resource types: application, flow, server, network, router, workstation, agent, data_object, contract, category, tag, team, announcement, discovered_application, user, member, role, api_key, workspace, custom_field. Actor types: api_key, member, agent, system.
         *
         *     Scope: audit_log:read.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories
         * @description The application category tree, flat: rebuild it with parentId. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: categories:read.
         */
        get: operations["listCategories"];
        put?: never;
        /**
         * Create a category
         * @description Creates a category; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts categories writes only categories within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: categories:add.
         */
        post: operations["createCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a category
         * @description One category of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: categories:read.
         */
        get: operations["getCategory"];
        put?: never;
        post?: never;
        /**
         * Delete a category
         * @description Deletes the category; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the category changed since that ETag. A category that still has child categories or applications answers 422. Everything that referred to it is released and audited on its own resource. Audited. Scope: categories:delete.
         */
        delete: operations["deleteCategory"];
        options?: never;
        head?: never;
        /**
         * Change a category
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the category changed since that ETag. A key whose role restricts categories writes only categories within its restrictions, before and after: 403 otherwise, nothing written. A parentId that would make the category its own ancestor answers 422. Scope: categories:edit.
         */
        patch: operations["updateCategory"];
        trace?: never;
    };
    "/contracts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contracts
         * @description Supplier contracts with their dates, costs and covered applications. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: contracts:read.
         */
        get: operations["listContracts"];
        put?: never;
        /**
         * Create a contract
         * @description Creates a contract; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts contracts writes only contracts within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: contracts:add.
         */
        post: operations["createContract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contracts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a contract
         * @description One contract of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: contracts:read.
         */
        get: operations["getContract"];
        put?: never;
        post?: never;
        /**
         * Delete a contract
         * @description Deletes the contract; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the contract changed since that ETag.  Everything that referred to it is released and audited on its own resource. Audited. Scope: contracts:delete.
         */
        delete: operations["deleteContract"];
        options?: never;
        head?: never;
        /**
         * Change a contract
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the contract changed since that ETag. A key whose role restricts contracts writes only contracts within its restrictions, before and after: 403 otherwise, nothing written. An endDate or renewalDate before startDate, or an applicationId outside the workspace, answers 422. Scope: contracts:edit.
         */
        patch: operations["updateContract"];
        trace?: never;
    };
    "/custom-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the custom field definitions
         * @description Every field the workspace defined, by family, then order, then name (at most 64 per family, so the list is not paged); `family` narrows it to one family. Scope: tenant:read.
         */
        get: operations["listCustomFields"];
        put?: never;
        /**
         * Define a custom field
         * @description Defines a field on one family. Settings that do not fit the type (choices on an integer, a pattern on a date, a default that is not a value of the field) answer 400; a name already used on the family, the name of one of the family's own fields, or a 65th field answer 422. Audited as a settings change. Scope: tenant:edit.
         */
        post: operations["createCustomField"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-fields/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a custom field definition
         * @description One definition, with its ETag. Scope: tenant:read.
         */
        get: operations["getCustomField"];
        put?: never;
        post?: never;
        /**
         * Delete a custom field definition
         * @description Deletes the definition. With If-Match, answers 412 if it changed since that ETag. Scope: tenant:edit.
         */
        delete: operations["deleteCustomField"];
        options?: never;
        head?: never;
        /**
         * Change a custom field definition
         * @description Partial update; omitted fields keep their value and the family never changes. The definition is checked whole after the change (400 as for a new one; 422 for a name taken). With If-Match, answers 412 if the definition changed since that ETag. Scope: tenant:edit.
         */
        patch: operations["updateCustomField"];
        trace?: never;
    };
    "/custom-fields/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The JSON Schema of a family's custom fields
         * @description A JSON Schema (draft 2020-12) of the `customFields` object of the family’s items, built from the workspace’s definitions: types, choices, bounds, patterns, lengths and required fields, so that a client can check a value before sending it. Scope: tenant:read.
         */
        get: operations["getCustomFieldSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the dashboards
         * @description Every dashboard with the scope it needs, as a bare array. Needs no scope beyond a valid key.
         */
        get: operations["listDashboards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards/architecture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The architecture dashboard
         * @description Applications by hosting type, category and criticality; integration hubs; applications without an owner; data objects by classification and the flows that carry personal data. Computed from live data on each request, over the items the caller's role reaches. Widgets: applications-by-hosting, applications-by-category, applications-by-criticality, integration-hubs, applications-without-owner, data-by-classification, personal-data-flows. JSON by default; with Accept: image/svg+xml or format=svg, the widgets drawn as one standalone SVG picture. Scope: architecture_dashboard:read.
         */
        get: operations["getArchitectureDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards/finance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The finance dashboard
         * @description Annualised spend of the contracts active today, per currency (monthly ×12, quarterly ×4, yearly ×1, one-time in its start year only), by vendor, application and category (a contract covering several applications is split evenly between them); renewals and notice deadlines in the next 30, 60 and 90 days; cost per user of each application. Computed from live data on each request, over the items the caller's role reaches. Widgets: annual-spend, spend-by-vendor, spend-by-application, spend-by-category, renewals-30, renewals-60, renewals-90, cost-per-user. JSON by default; with Accept: image/svg+xml or format=svg, the widgets drawn as one standalone SVG picture. Scope: finance_dashboard:read.
         */
        get: operations["getFinanceDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The operations dashboard
         * @description Hosts by environment, operating system and source; stale hosts and silent agents; software awaiting triage; changes per day. Computed from live data on each request, over the items the caller's role reaches. Widgets: hosts-by-environment, hosts-by-os, hosts-by-source, stale-hosts, silent-agents, triage-backlog, changes-per-day. JSON by default; with Accept: image/svg+xml or format=svg, the widgets drawn as one standalone SVG picture. Scope: operations_dashboard:read.
         */
        get: operations["getOperationsDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards/technology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The technology dashboard
         * @description Operating system releases in use, the hosts past end of life (from the end-of-life table shipped with Estate: major Linux distributions, Windows Server, Windows and macOS), applications by lifecycle phase and the applications running on end-of-life servers. Computed from live data on each request, over the items the caller's role reaches. Widgets: os-versions, end-of-life-os, applications-by-lifecycle, applications-on-eol-hosts. JSON by default; with Accept: image/svg+xml or format=svg, the widgets drawn as one standalone SVG picture. Scope: technology_dashboard:read.
         */
        get: operations["getTechnologyDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The usage dashboard
         * @description Users per application, seats bought against users, applications nobody uses, and the software agents found most often. Computed from live data on each request, over the items the caller's role reaches. Widgets: users-per-application, seats, unused-applications, top-discovered-software. JSON by default; with Accept: image/svg+xml or format=svg, the widgets drawn as one standalone SVG picture. Scope: usage_dashboard:read.
         */
        get: operations["getUsageDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards/workstations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workstations dashboard
         * @description Workstations by operating system, manufacturer and model; warranties ending in 90 days; machines assigned to nobody; age by purchase year. Computed from live data on each request, over the items the caller's role reaches. Widgets: workstations-by-os, workstations-by-manufacturer, workstations-by-model, warranty-ending-90, unassigned-workstations, workstation-age. JSON by default; with Accept: image/svg+xml or format=svg, the widgets drawn as one standalone SVG picture. Scope: workstations_dashboard:read.
         */
        get: operations["getWorkstationsDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List data objects
         * @description Data objects: business data sets, their classification and the applications holding them. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: data:read.
         */
        get: operations["listDataObjects"];
        put?: never;
        /**
         * Create a data object
         * @description Creates a data object; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts data objects writes only data objects within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: data:add.
         */
        post: operations["createDataObject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a data object
         * @description One data object of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: data:read.
         */
        get: operations["getDataObject"];
        put?: never;
        post?: never;
        /**
         * Delete a data object
         * @description Deletes the data object; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the data object changed since that ETag.  Everything that referred to it is released and audited on its own resource. Audited. Scope: data:delete.
         */
        delete: operations["deleteDataObject"];
        options?: never;
        head?: never;
        /**
         * Change a data object
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the data object changed since that ETag. A key whose role restricts data objects writes only data objects within its restrictions, before and after: 403 otherwise, nothing written.  Scope: data:edit.
         */
        patch: operations["updateDataObject"];
        trace?: never;
    };
    "/diagrams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the diagrams
         * @description Every diagram with the scope it needs, as a bare array. Needs no scope beyond a valid key.
         */
        get: operations["listDiagrams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diagrams/application-lifecycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The application lifecycle diagram
         * @description Each application's lifecycle phases on a timeline (plan, phase-in, active, phase-out, end of life) from its lifecycle dates, each phase ending where the next dated phase starts. JSON by default; with Accept: image/svg+xml or format=svg, a standalone SVG picture (text/xml-safe, no external resources, nodes linking to /ui/<family>/<id>). Computed from live data on each request, over the items the caller's role reaches. A picture is drawn within the server's diagram budget (DIAGRAM_BUDGET_MS, default 10 s); one that takes longer answers 422 diagram_too_large, whose message names limit: ask for fewer nodes, or for the JSON answer. Scope: application_lifecycle_diagram:read.
         */
        get: operations["getApplicationLifecycleDiagram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diagrams/application-matrix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The application matrix diagram
         * @description A grid of the applications by two dimensions (rows × columns: categories, teams, criticality, lifecycle or hosting; categories × teams by default), with an unassigned row and column for applications without one. JSON by default; with Accept: image/svg+xml or format=svg, a standalone SVG picture (text/xml-safe, no external resources, nodes linking to /ui/<family>/<id>). Computed from live data on each request, over the items the caller's role reaches. A picture is drawn within the server's diagram budget (DIAGRAM_BUDGET_MS, default 10 s); one that takes longer answers 422 diagram_too_large, whose message names limit: ask for fewer nodes, or for the JSON answer. Scope: application_matrix_diagram:read.
         */
        get: operations["getApplicationMatrixDiagram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diagrams/application-quadrant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The application quadrant diagram
         * @description Applications placed by technical fit (x) and business value (y), 1 to 5, in the four TIME quadrants (tolerate, invest, migrate, eliminate), sized by annual cost (default) or users (size=users); applications missing a score are unplaced. JSON by default; with Accept: image/svg+xml or format=svg, a standalone SVG picture (text/xml-safe, no external resources, nodes linking to /ui/<family>/<id>). Computed from live data on each request, over the items the caller's role reaches. A picture is drawn within the server's diagram budget (DIAGRAM_BUDGET_MS, default 10 s); one that takes longer answers 422 diagram_too_large, whose message names limit: ask for fewer nodes, or for the JSON answer. Scope: application_quadrant_diagram:read.
         */
        get: operations["getApplicationQuadrantDiagram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diagrams/capacity-map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The capacity map diagram
         * @description Servers grouped by location and environment, with the CPU cores, memory and storage of each group and each server, and the applications each server hosts. JSON by default; with Accept: image/svg+xml or format=svg, a standalone SVG picture (text/xml-safe, no external resources, nodes linking to /ui/<family>/<id>). Computed from live data on each request, over the items the caller's role reaches. A picture is drawn within the server's diagram budget (DIAGRAM_BUDGET_MS, default 10 s); one that takes longer answers 422 diagram_too_large, whose message names limit: ask for fewer nodes, or for the JSON answer. Scope: capacity_map_diagram:read.
         */
        get: operations["getCapacityMapDiagram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diagrams/flow-mapping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The flow mapping diagram
         * @description Applications as nodes and data flows as edges (protocol, frequency, data objects), for the whole workspace, around one application (applicationId, depth) or for a category (categoryId). JSON by default; with Accept: image/svg+xml or format=svg, a standalone SVG picture (text/xml-safe, no external resources, nodes linking to /ui/<family>/<id>). Computed from live data on each request, over the items the caller's role reaches. A picture is drawn within the server's diagram budget (DIAGRAM_BUDGET_MS, default 10 s); one that takes longer answers 422 diagram_too_large, whose message names limit: ask for fewer nodes, or for the JSON answer. Scope: flow_mapping_diagram:read.
         */
        get: operations["getFlowMappingDiagram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diagrams/network-mapping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The network mapping diagram
         * @description Networks, routers and hosts: an edge from each router to the networks it is linked to, and from each host to the most specific network holding one of its IP addresses; hosts in no network are listed as unplaced. Workstations record no address, so they are unplaced. JSON by default; with Accept: image/svg+xml or format=svg, a standalone SVG picture (text/xml-safe, no external resources, nodes linking to /ui/<family>/<id>). Computed from live data on each request, over the items the caller's role reaches. A picture is drawn within the server's diagram budget (DIAGRAM_BUDGET_MS, default 10 s); one that takes longer answers 422 diagram_too_large, whose message names limit: ask for fewer nodes, or for the JSON answer. Scope: network_mapping_diagram:read.
         */
        get: operations["getNetworkMappingDiagram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/discovered-applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List discovered applications
         * @description Software reported by agents, per host, awaiting triage or already linked or ignored. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: applications:read.
         */
        get: operations["listDiscoveredApplications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/discovered-applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a discovered application
         * @description One discovered application of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: applications:read.
         */
        get: operations["getDiscoveredApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Triage a discovered application
         * @description Link it to an inventory application (applicationId; status becomes linked), unlink it (applicationId null; status new) or ignore it (status ignored). An applicationId outside the workspace, or ignoring while linking, answers 422. Moves lastUpdate; audited. With If-Match, answers 412 if it changed since that ETag. Scope: applications:edit.
         */
        patch: operations["updateDiscoveredApplication"];
        trace?: never;
    };
    "/discovered-applications/{id}/application": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an application from a discovered one
         * @description Creates an inventory application named after the matching catalog entry (or the discovered name and vendor) and links the discovered application to it; 201 with the application. Takes no body (any field is a 400); an already linked discovered application answers 422. Audited as the application's create and the discovered application's update. Scope: applications:add.
         */
        post: operations["createApplicationFromDiscovered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List flows
         * @description Data flows between applications. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: applications:read.
         */
        get: operations["listFlows"];
        put?: never;
        /**
         * Create a flow
         * @description Creates a flow; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts flows writes only flows within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: applications:add.
         */
        post: operations["createFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a flow
         * @description One flow of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: applications:read.
         */
        get: operations["getFlow"];
        put?: never;
        post?: never;
        /**
         * Delete a flow
         * @description Deletes the flow; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the flow changed since that ETag. Flows are also deleted with either of their applications. Everything that referred to it is released and audited on its own resource. Audited. Scope: applications:delete.
         */
        delete: operations["deleteFlow"];
        options?: never;
        head?: never;
        /**
         * Change a flow
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the flow changed since that ETag. A key whose role restricts flows writes only flows within its restrictions, before and after: 403 otherwise, nothing written. Applications or data objects outside the workspace, or the same application at both ends, answer 422. Scope: applications:edit.
         */
        patch: operations["updateFlow"];
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe the calling key
         * @description The workspace the key is bound to, the key itself and its exact permissions. Needs no scope: any valid key may call it.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members
         * @description Memberships of the workspace with each person's role. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: members:read.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a member
         * @description One member of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: members:read.
         */
        get: operations["getMember"];
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Removes the person from the workspace, its teams and the applications and servers they owned, and unassigns their workstations. Removing the last admin answers 422. Audited. Scope: members:delete.
         */
        delete: operations["deleteMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Sets the member's role. The key must hold every scope of the role it gives (else 403 insufficient_permission). Demoting the last admin answers 422. Existing API keys keep their permissions. Audited. Scope: members:edit.
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List networks
         * @description IP networks of the workspace. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: infrastructure:read.
         */
        get: operations["listNetworks"];
        put?: never;
        /**
         * Create a network
         * @description Creates a network; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts networks writes only networks within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: infrastructure:add.
         */
        post: operations["createNetwork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/networks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a network
         * @description One network of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: infrastructure:read.
         */
        get: operations["getNetwork"];
        put?: never;
        post?: never;
        /**
         * Delete a network
         * @description Deletes the network; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the network changed since that ETag. It is unlinked from its routers. Everything that referred to it is released and audited on its own resource. Audited. Scope: infrastructure:delete.
         */
        delete: operations["deleteNetwork"];
        options?: never;
        head?: never;
        /**
         * Change a network
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the network changed since that ETag. A key whose role restricts networks writes only networks within its restrictions, before and after: 403 otherwise, nothing written. A cidr with host bits set or an invalid address is a 400; a gateway outside the CIDR is a 422. Scope: infrastructure:edit.
         */
        patch: operations["updateNetwork"];
        trace?: never;
    };
    "/networks/{id}/hosts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the servers in a network
         * @description Servers with an IP address whose most specific network (longest prefix) is this one, as a bare JSON array by name: the placement of the network-mapping diagram. Workstations record no address. Scope: infrastructure:read.
         */
        get: operations["listNetworkHosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/networks/{id}/routers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the routers of a network
         * @description The routers linked to the network, as a bare JSON array (no envelope). Scopes: infrastructure:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listNetworkRouters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the roles
         * @description The roles of the workspace: read, write and admin, then its custom roles by name, each with its scopes and restrictions (the list filters its holders are narrowed to). Offset list. Scope: members:read.
         */
        get: operations["listRoles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a role
         * @description One role of the workspace, with its scopes and restrictions. Scope: members:read.
         */
        get: operations["getRole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/routers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List routers
         * @description Routers and layer-3 switches. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: infrastructure:read.
         */
        get: operations["listRouters"];
        put?: never;
        /**
         * Create a router
         * @description Creates a router; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts routers writes only routers within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: infrastructure:add.
         */
        post: operations["createRouter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/routers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a router
         * @description One router of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: infrastructure:read.
         */
        get: operations["getRouter"];
        put?: never;
        post?: never;
        /**
         * Delete a router
         * @description Deletes the router; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the router changed since that ETag. Its network and tag links go with it. Everything that referred to it is released and audited on its own resource. Audited. Scope: infrastructure:delete.
         */
        delete: operations["deleteRouter"];
        options?: never;
        head?: never;
        /**
         * Change a router
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the router changed since that ETag. A key whose role restricts routers writes only routers within its restrictions, before and after: 403 otherwise, nothing written.  Scope: infrastructure:edit.
         */
        patch: operations["updateRouter"];
        trace?: never;
    };
    "/routers/{id}/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the networks of a router
         * @description The networks linked to the router, as a bare JSON array (no envelope). Scopes: infrastructure:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listRouterNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/routers/{id}/networks/{networkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link a network to a router
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign router or network answers 404. Audited as link when it changes something. Scope: infrastructure:edit.
         */
        put: operations["linkRouterNetwork"];
        post?: never;
        /**
         * Unlink a network from a router
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign router or network answers 404. Audited as unlink when it changes something. Scope: infrastructure:edit.
         */
        delete: operations["unlinkRouterNetwork"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/routers/{id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tags of a router
         * @description The tags linked to the router, as a bare JSON array (no envelope). Scopes: infrastructure:read and tags:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listRouterTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/routers/{id}/tags/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link a tag to a router
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign router or tag answers 404. Audited as link when it changes something. Scope: infrastructure:edit.
         */
        put: operations["linkRouterTag"];
        post?: never;
        /**
         * Unlink a tag from a router
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign router or tag answers 404. Audited as unlink when it changes something. Scope: infrastructure:edit.
         */
        delete: operations["unlinkRouterTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List servers
         * @description Servers, manual or reported by agents. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: infrastructure:read.
         */
        get: operations["listServers"];
        put?: never;
        /**
         * Create a server
         * @description Creates a server; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts servers writes only servers within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: infrastructure:add.
         */
        post: operations["createServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a server
         * @description One server of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: infrastructure:read.
         */
        get: operations["getServer"];
        put?: never;
        post?: never;
        /**
         * Delete a server
         * @description Deletes the server; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the server changed since that ETag. Its owner, tag and application links and its discovered software go with it. An automatic server may be deleted; its next report re-creates it. Everything that referred to it is released and audited on its own resource. Audited. Scope: infrastructure:delete.
         */
        delete: operations["deleteServer"];
        options?: never;
        head?: never;
        /**
         * Change a server
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the server changed since that ETag. A key whose role restricts servers writes only servers within its restrictions, before and after: 403 otherwise, nothing written. On an automatic server, changing name, os or manufacturer answers 422; other fields stay editable. Scope: infrastructure:edit.
         */
        patch: operations["updateServer"];
        trace?: never;
    };
    "/servers/{id}/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the applications of a server
         * @description The applications linked to the server, as a bare JSON array (no envelope). Scopes: infrastructure:read and applications:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listServerApplications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}/applications/{applicationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link an application to a server
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign server or application answers 404. Audited as link when it changes something. Scope: infrastructure:edit.
         */
        put: operations["linkServerApplication"];
        post?: never;
        /**
         * Unlink an application from a server
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign server or application answers 404. Audited as unlink when it changes something. Scope: infrastructure:edit.
         */
        delete: operations["unlinkServerApplication"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the owners of a server
         * @description The owners linked to the server, as a bare JSON array (no envelope). Scopes: infrastructure:read and users:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listServerOwners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}/owners/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link an user to a server
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign server or user answers 404. Audited as link when it changes something. Scope: infrastructure:edit.
         */
        put: operations["linkServerOwner"];
        post?: never;
        /**
         * Unlink an user from a server
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign server or user answers 404. Audited as unlink when it changes something. Scope: infrastructure:edit.
         */
        delete: operations["unlinkServerOwner"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tags of a server
         * @description The tags linked to the server, as a bare JSON array (no envelope). Scopes: infrastructure:read and tags:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listServerTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}/tags/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link a tag to a server
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign server or tag answers 404. Audited as link when it changes something. Scope: infrastructure:edit.
         */
        put: operations["linkServerTag"];
        post?: never;
        /**
         * Unlink a tag from a server
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign server or tag answers 404. Audited as unlink when it changes something. Scope: infrastructure:edit.
         */
        delete: operations["unlinkServerTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tags
         * @description The workspace's tags, by name unless sorted otherwise. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: tags:read.
         */
        get: operations["listTags"];
        put?: never;
        /**
         * Create a tag
         * @description Creates a tag. A name already used in the workspace (in any letter case) answers 422. Tags cannot be edited (there is no tags:edit scope): delete and re-create. Scope: tags:add.
         */
        post: operations["createTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tag
         * @description One tag of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: tags:read.
         */
        get: operations["getTag"];
        put?: never;
        post?: never;
        /**
         * Delete a tag
         * @description Deletes the tag and unlinks it from everything it was attached to. With If-Match, answers 412 if the tag changed since that ETag. Scope: tags:delete.
         */
        delete: operations["deleteTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List teams
         * @description Teams of the organisation, a tree through parentId. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: organisation:read.
         */
        get: operations["listTeams"];
        put?: never;
        /**
         * Create a team
         * @description Creates a team; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts teams writes only teams within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: organisation:add.
         */
        post: operations["createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a team
         * @description One team of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: organisation:read.
         */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        /**
         * Delete a team
         * @description Deletes the team; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the team changed since that ETag. Its members are unlinked, its sub-teams become top-level teams and it is unlinked from applications. Everything that referred to it is released and audited on its own resource. Audited. Scope: organisation:delete.
         */
        delete: operations["deleteTeam"];
        options?: never;
        head?: never;
        /**
         * Change a team
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the team changed since that ETag. A key whose role restricts teams writes only teams within its restrictions, before and after: 403 otherwise, nothing written. A parentId that would make the team its own ancestor answers 422. Scope: organisation:edit.
         */
        patch: operations["updateTeam"];
        trace?: never;
    };
    "/teams/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the members of a team
         * @description The members linked to the team, as a bare JSON array (no envelope). Scopes: organisation:read and users:read (a sub-resource list also needs the read scope of the family it returns).
         */
        get: operations["listTeamMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link an user to a team
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign team or user answers 404. Audited as link when it changes something. Scope: organisation:edit.
         */
        put: operations["linkTeamMember"];
        post?: never;
        /**
         * Unlink an user from a team
         * @description Idempotent: 204 whether or not the link existed. A missing or foreign team or user answers 404. Audited as unlink when it changes something. Scope: organisation:edit.
         */
        delete: operations["unlinkTeamMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the workspace settings
         * @description Name, default currency and time zone of the key's workspace. Scope: tenant:read.
         */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the workspace settings
         * @description Partial update; omitted fields keep their value. Audited as a settings update of the workspace. With If-Match, answers 412 if the settings changed since that ETag. Scope: tenant:edit.
         */
        patch: operations["updateTenant"];
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description The people of the workspace: its members, and the people it records who never sign in. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: users:read.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Add a person without an account
         * @description Records someone the estate is assigned to who never signs in: they can own applications and servers, be assigned workstations and belong to teams. An e-mail or employee number another person of the workspace has answers 422. Adding them as a member later (their e-mail) keeps all of it. Audited. Scope: organisation:add.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an user
         * @description One user of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: users:read.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /**
         * Remove a person without an account
         * @description Removes the person, their ownerships and team memberships, and unassigns their workstations, each audited on the resource it changes. A member is removed through DELETE /members/{id} (here 422). With If-Match, answers 412 if the person changed since that ETag. Audited. Scope: organisation:delete.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Change what the workspace records of a person
         * @description Changes a person's department and employee number, and the name and e-mail of a person without an account. A member's name and e-mail are their account's: changing them answers 422. With If-Match, answers 412 if the person changed since that ETag. Audited. Scope: organisation:edit.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/workstations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workstations
         * @description Laptops and desktops, assigned to people. Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: infrastructure:read.
         */
        get: operations["listWorkstations"];
        put?: never;
        /**
         * Create a workstation
         * @description Creates a workstation; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Fields left out stay null unless documented otherwise. A key whose role restricts workstations writes only workstations within its restrictions, before and after: 403 otherwise, nothing written. Audited. Scope: infrastructure:add.
         */
        post: operations["createWorkstation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workstations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a workstation
         * @description One workstation of the key's workspace; an id of another workspace, or outside the restrictions of the key's role, answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: infrastructure:read.
         */
        get: operations["getWorkstation"];
        put?: never;
        post?: never;
        /**
         * Delete a workstation
         * @description Deletes the workstation; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the workstation changed since that ETag.  Everything that referred to it is released and audited on its own resource. Audited. Scope: infrastructure:delete.
         */
        delete: operations["deleteWorkstation"];
        options?: never;
        head?: never;
        /**
         * Change a workstation
         * @description Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the workstation changed since that ETag. A key whose role restricts workstations writes only workstations within its restrictions, before and after: 403 otherwise, nothing written. An assignedUserId outside the workspace or a warranty ending before the purchase answers 422; so does changing name, os or manufacturer of an automatic workstation. Scope: infrastructure:edit.
         */
        patch: operations["updateWorkstation"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Agent
         * @description An enrolled agent that reports a host. Agents are enrolled and revoked by admins with the estate command.
         */
        Agent: {
            /**
             * Format: date-time
             * @description Enrollment instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            /**
             * @description Host it last reported from.
             * @example db-01
             */
            hostname: string | null;
            /**
             * Format: uuid
             * @description Agent id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * Format: date-time
             * @description Last report; null before the first one.
             * @example 2026-11-22T09:30:00.000Z
             */
            lastSeenAt: string | null;
            /**
             * @description Name given at enrollment.
             * @example db-01 agent
             */
            name: string;
            /**
             * Format: date-time
             * @description When its token was revoked.
             * @example 2026-11-22T09:30:00.000Z
             */
            revokedAt: string | null;
            /**
             * @description active (reported within 24 h), silent (not for 24 h), never_seen (enrolled, no report yet) or revoked.
             * @enum {unknown}
             */
            status: "active" | "silent" | "never_seen" | "revoked";
            /**
             * @description Agent version it last reported.
             * @example 0.1.0
             */
            version: string | null;
        };
        /**
         * AgentList
         * @description Offset list of agents.
         */
        AgentList: {
            data: components["schemas"]["Agent"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * Announcement
         * @description A notice to the workspace's people, shown during its publication window.
         */
        Announcement: {
            /**
             * @description Text.
             * @example The ERP is unavailable from 08:00 to 12:00 UTC.
             */
            body: string;
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /**
             * Format: date-time
             * @description Publication end; null: no end.
             * @example 2026-11-22T09:30:00.000Z
             */
            endsAt: string | null;
            /**
             * Format: uuid
             * @description Announcement id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description info, warning or critical.
             * @enum {unknown}
             */
            severity: "info" | "warning" | "critical";
            /**
             * Format: date-time
             * @description Publication start; null: already published.
             * @example 2026-11-22T09:30:00.000Z
             */
            startsAt: string | null;
            /**
             * @description Headline.
             * @example ERP maintenance on Saturday
             */
            title: string;
            /**
             * Format: date-time
             * @description Change-tracking field: moves on every change.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
        };
        /** AnnouncementCreate */
        AnnouncementCreate: {
            /** @description Text; not blank. */
            body: string;
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /**
             * Format: date-time
             * @description Publication end; not before startsAt (422).
             */
            endsAt?: string | null;
            /**
             * @description Default info.
             * @enum {unknown}
             */
            severity?: "info" | "warning" | "critical";
            /**
             * Format: date-time
             * @description Publication start (ISO-8601 date-time).
             */
            startsAt?: string | null;
            /**
             * @description Headline; not blank.
             * @example ERP maintenance on Saturday
             */
            title: string;
        };
        /**
         * AnnouncementList
         * @description Offset list of announcements.
         */
        AnnouncementList: {
            data: components["schemas"]["Announcement"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** AnnouncementPatch */
        AnnouncementPatch: {
            /** @description Text; not blank. */
            body?: string;
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /**
             * Format: date-time
             * @description Publication end; not before startsAt (422).
             */
            endsAt?: string | null;
            /**
             * @description Default info.
             * @enum {unknown}
             */
            severity?: "info" | "warning" | "critical";
            /**
             * Format: date-time
             * @description Publication start (ISO-8601 date-time).
             */
            startsAt?: string | null;
            /**
             * @description Headline; not blank.
             * @example ERP maintenance on Saturday
             */
            title?: string;
        };
        /**
         * Application
         * @description An application of the portfolio.
         */
        Application: {
            /**
             * Format: date
             * @description Start of the active phase.
             * @example 2027-03-31
             */
            activeDate: string | null;
            /**
             * @description Business value 1–5; the y axis of the quadrant diagram.
             * @example 4
             */
            businessValue: number | null;
            /**
             * @description Entry of the application catalog it is an instance of.
             * @example salesforce-sales-cloud
             */
            catalogEntryId: string | null;
            /**
             * Format: uuid
             * @description Category of the application (see /categories).
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            categoryId: string | null;
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            /**
             * @description Business criticality; null when not assessed.
             * @enum {string|null}
             */
            criticality: "low" | "medium" | "high" | "critical" | null;
            customFields: components["schemas"]["CustomFieldValues"];
            /** @description What it is used for. */
            description: string | null;
            /**
             * Format: date
             * @description End of life.
             * @example 2027-03-31
             */
            endOfLifeDate: string | null;
            /**
             * @description saas, on_premise or hybrid.
             * @enum {string|null}
             */
            hostingType: "saas" | "on_premise" | "hybrid" | null;
            /**
             * Format: uuid
             * @description Application id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description Current lifecycle phase; null when not recorded.
             * @enum {string|null}
             */
            lifecycleStatus: "plan" | "phase_in" | "active" | "phase_out" | "end_of_life" | null;
            /**
             * @description Application name.
             * @example Salesforce Sales Cloud
             */
            name: string;
            /**
             * Format: date
             * @description Start of the phase-in phase.
             * @example 2027-03-31
             */
            phaseInDate: string | null;
            /**
             * Format: date
             * @description Start of the phase-out phase.
             * @example 2027-03-31
             */
            phaseOutDate: string | null;
            /**
             * Format: date
             * @description Start of the plan phase.
             * @example 2027-03-31
             */
            planDate: string | null;
            /**
             * @description Technical fit 1–5; the x axis of the quadrant diagram.
             * @example 4
             */
            technicalFit: number | null;
            /**
             * Format: date-time
             * @description Change-tracking field: moves on every change, including links, unlinks and comments.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * @description Where users reach it.
             * @example https://acme.my.salesforce.com
             */
            url: string | null;
            /**
             * @description Number of people using it.
             * @example 250
             */
            userCount: number | null;
            /**
             * @description Vendor or maintainer.
             * @example Salesforce
             */
            vendor: string | null;
            /**
             * @description Version in use.
             * @example 2024.2
             */
            version: string | null;
        };
        /** ApplicationCreate */
        ApplicationCreate: {
            /**
             * Format: date
             * @description Active start.
             * @example 2027-03-31
             */
            activeDate?: string | null;
            /**
             * @description Business value 1–5.
             * @example 4
             */
            businessValue?: number | null;
            /** @description Catalog entry id; must exist in the catalog (422). */
            catalogEntryId?: string | null;
            /**
             * Format: uuid
             * @description Category; must be in the workspace (422).
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            categoryId?: string | null;
            /**
             * @description Business criticality; null (the default) when not assessed.
             * @enum {string|null}
             */
            criticality?: "low" | "medium" | "high" | "critical" | null;
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description What it is used for. */
            description?: string | null;
            /**
             * Format: date
             * @description End of life.
             * @example 2027-03-31
             */
            endOfLifeDate?: string | null;
            /**
             * @description saas, on_premise or hybrid.
             * @enum {string|null}
             */
            hostingType?: "saas" | "on_premise" | "hybrid" | null;
            /**
             * @description Lifecycle phase; null (the default) when not recorded.
             * @enum {string|null}
             */
            lifecycleStatus?: "plan" | "phase_in" | "active" | "phase_out" | "end_of_life" | null;
            /**
             * @description Application name.
             * @example Salesforce Sales Cloud
             */
            name: string;
            /**
             * Format: date
             * @description Phase-in start.
             * @example 2027-03-31
             */
            phaseInDate?: string | null;
            /**
             * Format: date
             * @description Phase-out start.
             * @example 2027-03-31
             */
            phaseOutDate?: string | null;
            /**
             * Format: date
             * @description Plan start; lifecycle dates must not go backwards (422).
             * @example 2027-03-31
             */
            planDate?: string | null;
            /**
             * @description Technical fit 1–5.
             * @example 4
             */
            technicalFit?: number | null;
            /**
             * Format: http-url
             * @description Where users reach it: an absolute http:// or https:// URL.
             */
            url?: string | null;
            /** @description Number of users. */
            userCount?: number | null;
            /** @description Vendor or maintainer. */
            vendor?: string | null;
            /** @description Version in use. */
            version?: string | null;
        };
        /**
         * ApplicationList
         * @description Offset list of applications.
         */
        ApplicationList: {
            data: components["schemas"]["Application"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** ApplicationPatch */
        ApplicationPatch: {
            /**
             * Format: date
             * @description Active start.
             * @example 2027-03-31
             */
            activeDate?: string | null;
            /**
             * @description Business value 1–5.
             * @example 4
             */
            businessValue?: number | null;
            /** @description Catalog entry id; must exist in the catalog (422). */
            catalogEntryId?: string | null;
            /**
             * Format: uuid
             * @description Category; must be in the workspace (422).
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            categoryId?: string | null;
            /**
             * @description Business criticality; null (the default) when not assessed.
             * @enum {string|null}
             */
            criticality?: "low" | "medium" | "high" | "critical" | null;
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description What it is used for. */
            description?: string | null;
            /**
             * Format: date
             * @description End of life.
             * @example 2027-03-31
             */
            endOfLifeDate?: string | null;
            /**
             * @description saas, on_premise or hybrid.
             * @enum {string|null}
             */
            hostingType?: "saas" | "on_premise" | "hybrid" | null;
            /**
             * @description Lifecycle phase; null (the default) when not recorded.
             * @enum {string|null}
             */
            lifecycleStatus?: "plan" | "phase_in" | "active" | "phase_out" | "end_of_life" | null;
            /**
             * @description Application name.
             * @example Salesforce Sales Cloud
             */
            name?: string;
            /**
             * Format: date
             * @description Phase-in start.
             * @example 2027-03-31
             */
            phaseInDate?: string | null;
            /**
             * Format: date
             * @description Phase-out start.
             * @example 2027-03-31
             */
            phaseOutDate?: string | null;
            /**
             * Format: date
             * @description Plan start; lifecycle dates must not go backwards (422).
             * @example 2027-03-31
             */
            planDate?: string | null;
            /**
             * @description Technical fit 1–5.
             * @example 4
             */
            technicalFit?: number | null;
            /**
             * Format: http-url
             * @description Where users reach it: an absolute http:// or https:// URL.
             */
            url?: string | null;
            /** @description Number of users. */
            userCount?: number | null;
            /** @description Vendor or maintainer. */
            vendor?: string | null;
            /** @description Version in use. */
            version?: string | null;
        };
        /**
         * BreakdownItem
         * @description One group of a breakdown.
         */
        BreakdownItem: {
            /** @description ISO 4217 code when the value is money; amounts of different currencies are never added. */
            currency?: string;
            /** @description Stable key of the group; `unknown` for rows where the grouped field is not recorded. */
            key: string;
            /** @description Display label of the group. */
            label: string;
            /** @description The resources in the group, where the group is small enough to list (at most 100). */
            resourceIds?: string[];
            /** @description Count of the group, or an amount when `currency` is set. */
            value: number;
        };
        /**
         * BreakdownWidget
         * @description Counts or amounts per group.
         */
        BreakdownWidget: {
            /**
             * @description Stable widget id within its dashboard.
             * @example hosts-by-os
             */
            id: string;
            /** @description Groups by value descending (then key); counts add up to the total of what is broken down. */
            items: components["schemas"]["BreakdownItem"][];
            /**
             * @description breakdown: a figure per group.
             * @enum {string}
             */
            kind: "breakdown";
            /**
             * @description Display title.
             * @example Hosts by operating system
             */
            title: string;
        };
        /**
         * Category
         * @description A node of the workspace's application category tree.
         */
        Category: {
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /**
             * @description What belongs here.
             * @example Accounting, billing and treasury
             */
            description: string | null;
            /**
             * Format: uuid
             * @description Category id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description Category name.
             * @example Finance
             */
            name: string;
            /**
             * Format: uuid
             * @description Parent category; null for a root.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            parentId: string | null;
            /**
             * Format: date-time
             * @description Last change.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
        };
        /** CategoryCreate */
        CategoryCreate: {
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description What belongs here. */
            description?: string | null;
            /**
             * @description Category name.
             * @example Finance
             */
            name: string;
            /**
             * Format: uuid
             * @description Parent category; null or absent for a root.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            parentId?: string | null;
        };
        /**
         * CategoryList
         * @description Offset list of categories.
         */
        CategoryList: {
            data: components["schemas"]["Category"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** CategoryPatch */
        CategoryPatch: {
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description What belongs here. */
            description?: string | null;
            /**
             * @description Category name.
             * @example Finance
             */
            name?: string;
            /**
             * Format: uuid
             * @description Parent category; null or absent for a root.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            parentId?: string | null;
        };
        /**
         * Comment
         * @description A comment on an application.
         */
        Comment: {
            /**
             * Format: uuid
             * @description The application.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            applicationId: string;
            /** @description Who wrote it. */
            author: {
                /**
                 * Format: uuid
                 * @description Author id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string | null;
                /** @description Author name. */
                name: string;
                /** @description api_key or member. */
                type: string;
            };
            /**
             * @description Comment text.
             * @example Renewal approved by finance.
             */
            body: string;
            /**
             * Format: date-time
             * @description When it was written.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: uuid
             * @description Comment id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
        };
        /**
         * Contract
         * @description A contract with a supplier: licences, subscriptions, support.
         */
        Contract: {
            /**
             * @description Amount per billing period.
             * @example 120000
             */
            amount: number | null;
            /** @description Applications the contract covers. */
            applicationIds: string[];
            /** @description Renews automatically unless cancelled in time. */
            autoRenew: boolean;
            /**
             * @description monthly, quarterly, yearly or one_time; null when not recorded.
             * @enum {string|null}
             */
            billingPeriod: "monthly" | "quarterly" | "yearly" | "one_time" | null;
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            /**
             * @description Currency of the amount.
             * @example EUR
             */
            currency: string | null;
            customFields: components["schemas"]["CustomFieldValues"];
            /** @description Notes. */
            description: string | null;
            /**
             * Format: date
             * @description Last day covered; null when open-ended.
             * @example 2027-03-31
             */
            endDate: string | null;
            /**
             * Format: uuid
             * @description Contract id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description Contract name.
             * @example Salesforce Enterprise 2026
             */
            name: string;
            /**
             * @description Notice needed before renewal or end, in days.
             * @example 90
             */
            noticePeriodDays: number | null;
            /**
             * @description Contract or purchase-order number.
             * @example PO-2026-0113
             */
            reference: string | null;
            /**
             * Format: date
             * @description When it renews.
             * @example 2027-03-31
             */
            renewalDate: string | null;
            /**
             * @description Licences or seats bought.
             * @example 250
             */
            seats: number | null;
            /**
             * Format: date
             * @description First day covered.
             * @example 2027-03-31
             */
            startDate: string;
            /**
             * @description Kind of contract; null when not recorded.
             * @enum {string|null}
             */
            type: "license" | "subscription" | "support" | "maintenance" | "lease" | "service" | "other" | null;
            /**
             * Format: date-time
             * @description Change-tracking field: moves on every change.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * @description Supplier.
             * @example Salesforce
             */
            vendor: string;
        };
        /** ContractCreate */
        ContractCreate: {
            /** @description Amount per billing period; needs a currency (default: the tenant's). */
            amount?: number | null;
            /** @description Replaces the covered applications; each must be in the workspace (422). */
            applicationIds?: string[];
            /** @description Default false. */
            autoRenew?: boolean;
            /**
             * @description Billing period of the amount; null (the default) when not recorded.
             * @enum {string|null}
             */
            billingPeriod?: "monthly" | "quarterly" | "yearly" | "one_time" | null;
            /**
             * @description ISO 4217 code; default the tenant's default currency when an amount is given.
             * @example EUR
             */
            currency?: string | null;
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description Notes. */
            description?: string | null;
            /**
             * Format: date
             * @description Last day covered; not before startDate (422).
             * @example 2027-03-31
             */
            endDate?: string | null;
            /**
             * @description Contract name.
             * @example Salesforce Enterprise 2026
             */
            name: string;
            /** @description Notice period in days. */
            noticePeriodDays?: number | null;
            /** @description Contract or PO number. */
            reference?: string | null;
            /**
             * Format: date
             * @description Renewal date; not before startDate (422).
             * @example 2027-03-31
             */
            renewalDate?: string | null;
            /** @description Seats bought. */
            seats?: number | null;
            /**
             * Format: date
             * @description First day covered.
             * @example 2027-03-31
             */
            startDate: string;
            /**
             * @description Kind of contract; null (the default) when not recorded.
             * @enum {string|null}
             */
            type?: "license" | "subscription" | "support" | "maintenance" | "lease" | "service" | "other" | null;
            /**
             * @description Supplier.
             * @example Salesforce
             */
            vendor: string;
        };
        /**
         * ContractList
         * @description Offset list of contracts.
         */
        ContractList: {
            data: components["schemas"]["Contract"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** ContractPatch */
        ContractPatch: {
            /** @description Amount per billing period; needs a currency (default: the tenant's). */
            amount?: number | null;
            /** @description Replaces the covered applications; each must be in the workspace (422). */
            applicationIds?: string[];
            /** @description Default false. */
            autoRenew?: boolean;
            /**
             * @description Billing period of the amount; null (the default) when not recorded.
             * @enum {string|null}
             */
            billingPeriod?: "monthly" | "quarterly" | "yearly" | "one_time" | null;
            /**
             * @description ISO 4217 code; default the tenant's default currency when an amount is given.
             * @example EUR
             */
            currency?: string | null;
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description Notes. */
            description?: string | null;
            /**
             * Format: date
             * @description Last day covered; not before startDate (422).
             * @example 2027-03-31
             */
            endDate?: string | null;
            /**
             * @description Contract name.
             * @example Salesforce Enterprise 2026
             */
            name?: string;
            /** @description Notice period in days. */
            noticePeriodDays?: number | null;
            /** @description Contract or PO number. */
            reference?: string | null;
            /**
             * Format: date
             * @description Renewal date; not before startDate (422).
             * @example 2027-03-31
             */
            renewalDate?: string | null;
            /** @description Seats bought. */
            seats?: number | null;
            /**
             * Format: date
             * @description First day covered.
             * @example 2027-03-31
             */
            startDate?: string;
            /**
             * @description Kind of contract; null (the default) when not recorded.
             * @enum {string|null}
             */
            type?: "license" | "subscription" | "support" | "maintenance" | "lease" | "service" | "other" | null;
            /**
             * @description Supplier.
             * @example Salesforce
             */
            vendor?: string;
        };
        /**
         * CustomField
         * @description A field a team defined on one family of its workspace.
         */
        CustomField: {
            /** @description The choices of a select field, in the order offered; null otherwise. */
            choices: string[] | null;
            /**
             * Format: date-time
             * @description Creation instant.
             */
            createdAt: string;
            /** @description The value a new item gets when it is created without one; null for none. */
            default: unknown;
            /** @description A longer explanation, or null. */
            description: string | null;
            /**
             * @description The family whose items carry the field.
             * @enum {unknown}
             */
            family: "categories" | "teams" | "applications" | "servers" | "networks" | "routers" | "workstations" | "data" | "contracts" | "flows" | "announcements" | "users";
            /** @description Lists take `cf_<name>` filters and sorts on this field. */
            filterable: boolean;
            /** @description The heading the field is shown under, or null. */
            group: string | null;
            /**
             * Format: uuid
             * @description Definition id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description What people read beside the value; not blank.
             * @example Cost centre
             */
            label: string;
            /** @description The largest value of an integer or decimal field (a number), or of a date or datetime field (a date or date-time string); null for none. */
            maximum: unknown;
            /** @description The most characters of a value, or null (the type’s default). */
            maxLength: number | null;
            /** @description The smallest value of an integer or decimal field (a number), or of a date or datetime field (a date or date-time string); null for none. */
            minimum: unknown;
            /**
             * @description The key of the field in `customFields` and in `cf_<name>` columns: a lower-case letter, then up to 49 lower-case letters, digits or underscores. Unique per family; never the name of a built-in field.
             * @example cost_centre
             */
            name: string;
            /** @description Position among the family’s fields. */
            order: number;
            /** @description The pattern text values match, or null. */
            pattern: string | null;
            /**
             * @description The family of the items a reference field names; null for other types.
             * @enum {string|null}
             */
            referenceFamily: "categories" | "teams" | "applications" | "servers" | "networks" | "routers" | "workstations" | "data" | "contracts" | "flows" | "announcements" | "users" | null;
            /** @description Every item must have a value (creating one without it is refused). */
            required: boolean;
            /** @description A list’s `q` finds the item by this field’s values (a multiple selection’s by each). */
            searchable: boolean;
            /**
             * @description text and longtext (strings), integer, decimal, boolean, date (YYYY-MM-DD), datetime (ISO 8601 with an offset), url (http or https), json (any JSON value up to 64 KiB), select (one of `choices`), multiselect (several of them), reference and multireference (ids of items of `referenceFamily`).
             * @enum {unknown}
             */
            type: "text" | "longtext" | "integer" | "decimal" | "boolean" | "date" | "datetime" | "url" | "json" | "select" | "multiselect" | "reference" | "multireference";
            /** @description No two items of the family hold the same value. */
            unique: boolean;
            /**
             * Format: date-time
             * @description Last change of the definition.
             */
            updatedAt: string;
        };
        /**
         * CustomFieldCreate
         * @description A new field; `label` defaults to the name in words (`cost_centre` → "Cost centre").
         */
        CustomFieldCreate: {
            /** @description Choices of a select field. */
            choices?: string[] | null;
            /** @description The value new items get; null for none. */
            default?: unknown;
            /** @description null removes it. */
            description?: string | null;
            /**
             * @description The family whose items carry the field.
             * @enum {unknown}
             */
            family: "categories" | "teams" | "applications" | "servers" | "networks" | "routers" | "workstations" | "data" | "contracts" | "flows" | "announcements" | "users";
            /** @description Lists filter and sort on it. */
            filterable?: boolean;
            /** @description null: no heading. */
            group?: string | null;
            /**
             * @description What people read beside the value; not blank.
             * @example Cost centre
             */
            label?: string;
            /** @description The largest value of an integer or decimal field (a number), or of a date or datetime field (a date or date-time string); null for none. */
            maximum?: unknown;
            /** @description null: the type’s default. */
            maxLength?: number | null;
            /** @description The smallest value of an integer or decimal field (a number), or of a date or datetime field (a date or date-time string); null for none. */
            minimum?: unknown;
            /**
             * @description The key of the field in `customFields` and in `cf_<name>` columns: a lower-case letter, then up to 49 lower-case letters, digits or underscores. Unique per family; never the name of a built-in field.
             * @example cost_centre
             */
            name: string;
            /** @description Position among the family’s fields. */
            order?: number;
            /** @description null removes it. */
            pattern?: string | null;
            /**
             * @description For reference types.
             * @enum {string|null}
             */
            referenceFamily?: "categories" | "teams" | "applications" | "servers" | "networks" | "routers" | "workstations" | "data" | "contracts" | "flows" | "announcements" | "users" | null;
            /** @description Every item must have a value. */
            required?: boolean;
            /** @description A list’s `q` finds the item by this field’s values (a multiple selection’s by each). */
            searchable?: boolean;
            /**
             * @description text and longtext (strings), integer, decimal, boolean, date (YYYY-MM-DD), datetime (ISO 8601 with an offset), url (http or https), json (any JSON value up to 64 KiB), select (one of `choices`), multiselect (several of them), reference and multireference (ids of items of `referenceFamily`).
             * @enum {unknown}
             */
            type: "text" | "longtext" | "integer" | "decimal" | "boolean" | "date" | "datetime" | "url" | "json" | "select" | "multiselect" | "reference" | "multireference";
            /** @description No two items hold the same value. */
            unique?: boolean;
        };
        /**
         * CustomFieldList
         * @description The custom field definitions of the workspace.
         */
        CustomFieldList: {
            /** @description The definitions, by family, then order, then name. */
            data: components["schemas"]["CustomField"][];
        };
        /**
         * CustomFieldPatch
         * @description Fields to change; omitted fields keep their value. The family of a field never changes.
         */
        CustomFieldPatch: {
            /** @description Choices of a select field. */
            choices?: string[] | null;
            /** @description The value new items get; null for none. */
            default?: unknown;
            /** @description null removes it. */
            description?: string | null;
            /** @description Lists filter and sort on it. */
            filterable?: boolean;
            /** @description null: no heading. */
            group?: string | null;
            /**
             * @description What people read beside the value; not blank.
             * @example Cost centre
             */
            label?: string;
            /** @description The largest value of an integer or decimal field (a number), or of a date or datetime field (a date or date-time string); null for none. */
            maximum?: unknown;
            /** @description null: the type’s default. */
            maxLength?: number | null;
            /** @description The smallest value of an integer or decimal field (a number), or of a date or datetime field (a date or date-time string); null for none. */
            minimum?: unknown;
            /**
             * @description The key of the field in `customFields` and in `cf_<name>` columns: a lower-case letter, then up to 49 lower-case letters, digits or underscores. Unique per family; never the name of a built-in field.
             * @example cost_centre
             */
            name?: string;
            /** @description Position among the family’s fields. */
            order?: number;
            /** @description null removes it. */
            pattern?: string | null;
            /**
             * @description For reference types.
             * @enum {string|null}
             */
            referenceFamily?: "categories" | "teams" | "applications" | "servers" | "networks" | "routers" | "workstations" | "data" | "contracts" | "flows" | "announcements" | "users" | null;
            /** @description Every item must have a value. */
            required?: boolean;
            /** @description A list’s `q` finds the item by this field’s values (a multiple selection’s by each). */
            searchable?: boolean;
            /**
             * @description text and longtext (strings), integer, decimal, boolean, date (YYYY-MM-DD), datetime (ISO 8601 with an offset), url (http or https), json (any JSON value up to 64 KiB), select (one of `choices`), multiselect (several of them), reference and multireference (ids of items of `referenceFamily`).
             * @enum {unknown}
             */
            type?: "text" | "longtext" | "integer" | "decimal" | "boolean" | "date" | "datetime" | "url" | "json" | "select" | "multiselect" | "reference" | "multireference";
            /** @description No two items hold the same value. */
            unique?: boolean;
        };
        /**
         * CustomFieldValues
         * @description The workspace’s own fields of this family (GET /custom-fields): every one defined, null when unset.
         * @example {
         *       "cost_centre": "4711"
         *     }
         */
        CustomFieldValues: {
            [key: string]: unknown;
        };
        /**
         * CustomFieldValuesCreate
         * @description Values of the workspace’s custom fields by name; fields left out take their default.
         * @example {
         *       "cost_centre": "4711"
         *     }
         */
        CustomFieldValuesCreate: {
            [key: string]: unknown;
        };
        /**
         * CustomFieldValuesPatch
         * @description Values to change by field name, merged into the stored ones; null clears a field.
         * @example {
         *       "cost_centre": "4711"
         *     }
         */
        CustomFieldValuesPatch: {
            [key: string]: unknown;
        };
        /**
         * DashboardSummary
         * @description A dashboard or diagram and the scope it needs.
         */
        DashboardSummary: {
            /** @description What it shows. */
            description: string;
            /**
             * @description Name in the path: /dashboards/{name} or /diagrams/{name}.
             * @example finance
             */
            name: string;
            /**
             * @description The scope a key needs to read it.
             * @example finance_dashboard:read
             */
            requiredScope: string;
            /**
             * @description Display title.
             * @example Finance
             */
            title: string;
        };
        /**
         * DataObject
         * @description A data object: a set of business data with its classification.
         */
        DataObject: {
            /** @description Applications that store or process it. */
            applicationIds: string[];
            /**
             * @description public, internal, confidential or restricted; null when not classified.
             * @enum {string|null}
             */
            classification: "public" | "internal" | "confidential" | "restricted" | null;
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /** @description What it contains. */
            description: string | null;
            /**
             * Format: uuid
             * @description Data object id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description Name of the data set.
             * @example Customer master data
             */
            name: string;
            /** @description Whether it holds personal data (GDPR and similar). */
            personalData: boolean;
            /**
             * @description How long it is kept, in days.
             * @example 3650
             */
            retentionDays: number | null;
            /**
             * Format: date-time
             * @description Change-tracking field: moves on every change.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
        };
        /** DataObjectCreate */
        DataObjectCreate: {
            /** @description Replaces the linked applications; each must be in the workspace (422). */
            applicationIds?: string[];
            /**
             * @description Classification; null (the default) when not classified.
             * @enum {string|null}
             */
            classification?: "public" | "internal" | "confidential" | "restricted" | null;
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description What it contains. */
            description?: string | null;
            /**
             * @description Name.
             * @example Customer master data
             */
            name: string;
            /** @description Holds personal data; default false. */
            personalData?: boolean;
            /** @description Retention in days. */
            retentionDays?: number | null;
        };
        /**
         * DataObjectList
         * @description Offset list of data objects.
         */
        DataObjectList: {
            data: components["schemas"]["DataObject"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** DataObjectPatch */
        DataObjectPatch: {
            /** @description Replaces the linked applications; each must be in the workspace (422). */
            applicationIds?: string[];
            /**
             * @description Classification; null (the default) when not classified.
             * @enum {string|null}
             */
            classification?: "public" | "internal" | "confidential" | "restricted" | null;
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description What it contains. */
            description?: string | null;
            /**
             * @description Name.
             * @example Customer master data
             */
            name?: string;
            /** @description Holds personal data; default false. */
            personalData?: boolean;
            /** @description Retention in days. */
            retentionDays?: number | null;
        };
        /**
         * DiscoveredApplication
         * @description Software an agent found installed on a host.
         */
        DiscoveredApplication: {
            /**
             * Format: uuid
             * @description The agent that reported it.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            agentId: string | null;
            /**
             * Format: uuid
             * @description The inventory application it was linked to.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            applicationId: string | null;
            /**
             * @description Matching catalog entry, by name and vendor.
             * @example postgresql
             */
            catalogEntryId: string | null;
            /**
             * Format: date-time
             * @description First report.
             * @example 2026-11-22T09:30:00.000Z
             */
            firstSeenAt: string;
            /**
             * Format: uuid
             * @description Discovered application id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /** @description Hosts in the workspace reporting the same name and vendor. */
            installCount: number;
            /**
             * Format: date-time
             * @description Last report that listed it.
             * @example 2026-11-22T09:30:00.000Z
             */
            lastSeenAt: string;
            /**
             * Format: date-time
             * @description Change-tracking field: moves on every change, including reports.
             * @example 2026-11-22T09:30:00.000Z
             */
            lastUpdate: string;
            /**
             * Format: date-time
             * @description Set when a report stops listing it.
             * @example 2026-11-22T09:30:00.000Z
             */
            missingSince: string | null;
            /**
             * @description Package or product name as reported.
             * @example postgresql-15
             */
            name: string;
            /**
             * Format: uuid
             * @description The server it is installed on.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            serverId: string | null;
            /**
             * @description new (awaiting triage), linked (to an inventory application) or ignored.
             * @enum {unknown}
             */
            status: "new" | "linked" | "ignored";
            /**
             * @description Vendor as reported.
             * @example PostgreSQL Global Development Group
             */
            vendor: string;
            /**
             * @description Installed version.
             * @example 15.4
             */
            version: string | null;
            /**
             * Format: uuid
             * @description The workstation it is installed on.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            workstationId: string | null;
        };
        /**
         * DiscoveredApplicationList
         * @description Offset list of discovered applications.
         */
        DiscoveredApplicationList: {
            data: components["schemas"]["DiscoveredApplication"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * Error
         * @description Error body of every API-generated error except 401.
         */
        Error: {
            /**
             * @description Stable machine-readable identifier; branch on status first, then on code.
             * @example not_found
             */
            code: string;
            /**
             * @description Human-readable text, not for branching.
             * @example application not found
             */
            message: string;
            /**
             * @description The HTTP status, mirrored.
             * @example 404
             */
            status: number;
        };
        /**
         * Flow
         * @description A data flow from one application to another.
         */
        Flow: {
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /** @description Data objects carried by the flow. */
            dataObjectIds: string[];
            /** @description Notes. */
            description: string | null;
            /**
             * @description How often it runs; null when not recorded.
             * @enum {string|null}
             */
            frequency: "real_time" | "hourly" | "daily" | "weekly" | "monthly" | "on_demand" | null;
            /**
             * Format: uuid
             * @description Flow id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description What flows.
             * @example Orders to invoicing
             */
            name: string;
            /**
             * @description Transport or protocol; null when not recorded.
             * @enum {string|null}
             */
            protocol: "https" | "http" | "sftp" | "ftp" | "smtp" | "amqp" | "kafka" | "jdbc" | "grpc" | "soap" | "file" | "other" | null;
            /**
             * Format: uuid
             * @description Application the data comes from.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            sourceApplicationId: string;
            /**
             * Format: uuid
             * @description Application the data goes to.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            targetApplicationId: string;
            /**
             * Format: date-time
             * @description Last change.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
        };
        /** FlowCreate */
        FlowCreate: {
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description Replaces the carried data objects; each must be in the workspace (422). */
            dataObjectIds?: string[];
            /** @description Notes. */
            description?: string | null;
            /**
             * @description How often it runs; null (the default) when not recorded.
             * @enum {string|null}
             */
            frequency?: "real_time" | "hourly" | "daily" | "weekly" | "monthly" | "on_demand" | null;
            /**
             * @description What flows.
             * @example Orders to invoicing
             */
            name: string;
            /**
             * @description Transport or protocol; null (the default) when not recorded.
             * @enum {string|null}
             */
            protocol?: "https" | "http" | "sftp" | "ftp" | "smtp" | "amqp" | "kafka" | "jdbc" | "grpc" | "soap" | "file" | "other" | null;
            /**
             * Format: uuid
             * @description Source application id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            sourceApplicationId: string;
            /**
             * Format: uuid
             * @description Target application id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            targetApplicationId: string;
        };
        /**
         * FlowList
         * @description Offset list of flows.
         */
        FlowList: {
            data: components["schemas"]["Flow"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** FlowPatch */
        FlowPatch: {
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description Replaces the carried data objects; each must be in the workspace (422). */
            dataObjectIds?: string[];
            /** @description Notes. */
            description?: string | null;
            /**
             * @description How often it runs; null (the default) when not recorded.
             * @enum {string|null}
             */
            frequency?: "real_time" | "hourly" | "daily" | "weekly" | "monthly" | "on_demand" | null;
            /**
             * @description What flows.
             * @example Orders to invoicing
             */
            name?: string;
            /**
             * @description Transport or protocol; null (the default) when not recorded.
             * @enum {string|null}
             */
            protocol?: "https" | "http" | "sftp" | "ftp" | "smtp" | "amqp" | "kafka" | "jdbc" | "grpc" | "soap" | "file" | "other" | null;
            /**
             * Format: uuid
             * @description Source application id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            sourceApplicationId?: string;
            /**
             * Format: uuid
             * @description Target application id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            targetApplicationId?: string;
        };
        /**
         * Member
         * @description A person's membership of the workspace, with their role.
         */
        Member: {
            /**
             * Format: date-time
             * @description When the person joined the workspace.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            /**
             * @description Login e-mail.
             * @example ada@acme.test
             */
            email: string;
            /**
             * Format: uuid
             * @description Member id: the membership of one person in this workspace.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description Display name.
             * @example Ada Lovelace
             */
            name: string;
            /**
             * @description read, write, admin, or the name of a custom role of the workspace.
             * @example write
             */
            role: string;
            /**
             * Format: uuid
             * @description The person (see /users).
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            userId: string;
        };
        /**
         * MemberList
         * @description Offset list of members.
         */
        MemberList: {
            data: components["schemas"]["Member"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * Network
         * @description An IP network (subnet).
         */
        Network: {
            /**
             * @description Address range in CIDR notation, canonical (host bits zero).
             * @example 10.20.0.0/24
             */
            cidr: string;
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /** @description Notes. */
            description: string | null;
            /**
             * @description Environment the network serves.
             * @enum {string|null}
             */
            environment: "production" | "staging" | "test" | "development" | "disaster_recovery" | null;
            /**
             * @description Default gateway, inside the CIDR.
             * @example 10.20.0.1
             */
            gateway: string | null;
            /**
             * Format: uuid
             * @description Network id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description Site.
             * @example Frankfurt DC2
             */
            location: string | null;
            /**
             * @description Network name.
             * @example Production servers
             */
            name: string;
            /**
             * Format: date-time
             * @description Last change, including router links.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * @description VLAN id, 1–4094.
             * @example 120
             */
            vlan: number | null;
        };
        /** NetworkCreate */
        NetworkCreate: {
            /**
             * @description CIDR such as 10.20.0.0/24 or 2001:db8::/48; host bits must be zero.
             * @example 10.20.0.0/24
             */
            cidr: string;
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description Notes. */
            description?: string | null;
            /**
             * @description Environment.
             * @enum {string|null}
             */
            environment?: "production" | "staging" | "test" | "development" | "disaster_recovery" | null;
            /** @description Default gateway; must lie inside the CIDR (422). */
            gateway?: string | null;
            /** @description Site. */
            location?: string | null;
            /**
             * @description Network name.
             * @example Production servers
             */
            name: string;
            /** @description VLAN id, 1–4094. */
            vlan?: number | null;
        };
        /**
         * NetworkList
         * @description Offset list of networks.
         */
        NetworkList: {
            data: components["schemas"]["Network"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** NetworkPatch */
        NetworkPatch: {
            /**
             * @description CIDR such as 10.20.0.0/24 or 2001:db8::/48; host bits must be zero.
             * @example 10.20.0.0/24
             */
            cidr?: string;
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description Notes. */
            description?: string | null;
            /**
             * @description Environment.
             * @enum {string|null}
             */
            environment?: "production" | "staging" | "test" | "development" | "disaster_recovery" | null;
            /** @description Default gateway; must lie inside the CIDR (422). */
            gateway?: string | null;
            /** @description Site. */
            location?: string | null;
            /**
             * @description Network name.
             * @example Production servers
             */
            name?: string;
            /** @description VLAN id, 1–4094. */
            vlan?: number | null;
        };
        /**
         * NumberWidget
         * @description One figure.
         */
        NumberWidget: {
            /**
             * @description Stable widget id within its dashboard.
             * @example hosts-by-os
             */
            id: string;
            /**
             * @description number: one figure.
             * @enum {string}
             */
            kind: "number";
            /**
             * @description Display title.
             * @example Hosts by operating system
             */
            title: string;
            /**
             * @description Unit of the figure, when it has one.
             * @example days
             */
            unit?: string;
            /** @description The figure. */
            value: number;
        };
        /** Pagination */
        Pagination: {
            /** @description Effective (clamped) page size. */
            limit: number;
            /** @description Effective offset. */
            offset: number;
            /** @description Count of all matching items. */
            total: number;
        };
        /**
         * Restrictions
         * @description Per family (servers, applications, data, …), the list filters its items must match, each with its values: every one holds (`{"servers":{"environment":["staging"]}}`). Families not named are reached whole; `{}` reaches everything.
         */
        Restrictions: {
            [key: string]: {
                [key: string]: string[];
            };
        };
        /** Role */
        Role: {
            /** @description What the role is for. */
            description: string | null;
            /**
             * Format: uuid
             * @description The role.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /** @description How many members hold it. */
            members: number;
            /**
             * @description read, write, admin, or the name of a custom role of the workspace.
             * @example write
             */
            name: string;
            /** @description Its scopes (resource:action). */
            permissions: string[];
            restrictions: components["schemas"]["Restrictions"];
            /** @description read, write or admin: every workspace has them; they reach every item. */
            system: boolean;
        };
        /**
         * RoleList
         * @description Offset list of roles.
         */
        RoleList: {
            data: components["schemas"]["Role"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * Router
         * @description A router or layer-3 switch.
         */
        Router: {
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /** @description Notes. */
            description: string | null;
            /**
             * Format: uuid
             * @description Router id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /** @description Site or rack. */
            location: string | null;
            /**
             * @description Management address.
             * @example 10.0.255.1
             */
            managementIp: string | null;
            /**
             * @description Manufacturer.
             * @example Cisco
             */
            manufacturer: string | null;
            /**
             * @description Model.
             * @example ASR 1001-X
             */
            model: string | null;
            /**
             * @description Router name.
             * @example edge-fra-1
             */
            name: string;
            /**
             * @description Network operating system.
             * @example IOS XE
             */
            os: string | null;
            /**
             * @description OS version.
             * @example 17.9.4
             */
            osVersion: string | null;
            /** @description Serial number. */
            serialNumber: string | null;
            /**
             * Format: date-time
             * @description Last change, including network and tag links.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
        };
        /** RouterCreate */
        RouterCreate: {
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description Notes. */
            description?: string | null;
            /** @description Site or rack. */
            location?: string | null;
            /** @description Management address (IPv4 or IPv6). */
            managementIp?: string | null;
            /** @description Manufacturer. */
            manufacturer?: string | null;
            /** @description Model. */
            model?: string | null;
            /**
             * @description Router name.
             * @example edge-fra-1
             */
            name: string;
            /** @description Network operating system. */
            os?: string | null;
            /** @description OS version. */
            osVersion?: string | null;
            /** @description Serial number. */
            serialNumber?: string | null;
        };
        /**
         * RouterList
         * @description Offset list of routers.
         */
        RouterList: {
            data: components["schemas"]["Router"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** RouterPatch */
        RouterPatch: {
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description Notes. */
            description?: string | null;
            /** @description Site or rack. */
            location?: string | null;
            /** @description Management address (IPv4 or IPv6). */
            managementIp?: string | null;
            /** @description Manufacturer. */
            manufacturer?: string | null;
            /** @description Model. */
            model?: string | null;
            /**
             * @description Router name.
             * @example edge-fra-1
             */
            name?: string;
            /** @description Network operating system. */
            os?: string | null;
            /** @description OS version. */
            osVersion?: string | null;
            /** @description Serial number. */
            serialNumber?: string | null;
        };
        /**
         * SeriesWidget
         * @description A value per day.
         */
        SeriesWidget: {
            /**
             * @description Stable widget id within its dashboard.
             * @example hosts-by-os
             */
            id: string;
            /**
             * @description series: a figure per day.
             * @enum {string}
             */
            kind: "series";
            /** @description One point per day, days ascending, days without data as 0. */
            points: {
                /**
                 * Format: date
                 * @description UTC day.
                 */
                date: string;
                /** @description The figure of that day. */
                value: number;
            }[];
            /**
             * @description Display title.
             * @example Hosts by operating system
             */
            title: string;
        };
        /**
         * Server
         * @description A physical or virtual server.
         */
        Server: {
            /**
             * Format: uuid
             * @description The agent that reports it; null for a manual server.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            agentId: string | null;
            /** @description true when reported by an agent; then name, os and manufacturer cannot be changed through the API (422). */
            automatic: boolean;
            /**
             * @description CPU cores.
             * @example 16
             */
            cpuCores: number | null;
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /** @description Notes. */
            description: string | null;
            /**
             * @description Environment; null when not recorded.
             * @enum {string|null}
             */
            environment: "production" | "staging" | "test" | "development" | "disaster_recovery" | null;
            /**
             * @description Host name (FQDN or short).
             * @example db-01.prod.acme.internal
             */
            hostname: string;
            /**
             * Format: uuid
             * @description Server id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /** @description IPv4 and IPv6 addresses. */
            ipAddresses: string[];
            /**
             * Format: date-time
             * @description Change-tracking field: moves on every change (creation, edit, link, and a report).
             * @example 2026-11-22T09:30:00.000Z
             */
            lastCheckTime: string;
            /**
             * Format: date-time
             * @description When its agent last reported, changed or not; null for a manual server. A silent agent shows here.
             * @example 2026-11-22T09:30:00.000Z
             */
            lastReportAt: string | null;
            /**
             * @description Site, room or rack.
             * @example Frankfurt DC2, rack 14
             */
            location: string | null;
            /**
             * @description Hardware manufacturer.
             * @example Dell Inc.
             */
            manufacturer: string | null;
            /**
             * @description Memory in MiB.
             * @example 65536
             */
            memoryMb: number | null;
            /**
             * @description Hardware model.
             * @example PowerEdge R650
             */
            model: string | null;
            /**
             * @description Display name.
             * @example db-01
             */
            name: string;
            /**
             * @description Operating system.
             * @example Debian GNU/Linux
             */
            os: string | null;
            /**
             * @description Operating system version.
             * @example 12
             */
            osVersion: string | null;
            /**
             * @description Serial number or service tag.
             * @example 7XK2L93
             */
            serialNumber: string | null;
            /**
             * @description Storage in GB.
             * @example 1920
             */
            storageGb: number | null;
        };
        /** ServerCreate */
        ServerCreate: {
            /** @description CPU cores. */
            cpuCores?: number | null;
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description Notes. */
            description?: string | null;
            /**
             * @description Environment; null (the default) when not recorded.
             * @enum {string|null}
             */
            environment?: "production" | "staging" | "test" | "development" | "disaster_recovery" | null;
            /**
             * @description Host name; default the name.
             * @example db-01.acme.internal
             */
            hostname?: string;
            /** @description IPv4 and IPv6 addresses. */
            ipAddresses?: string[];
            /** @description Site, room or rack. */
            location?: string | null;
            /** @description Hardware manufacturer. */
            manufacturer?: string | null;
            /** @description Memory in MiB. */
            memoryMb?: number | null;
            /** @description Hardware model. */
            model?: string | null;
            /**
             * @description Display name.
             * @example db-01
             */
            name: string;
            /** @description Operating system. */
            os?: string | null;
            /** @description Operating system version. */
            osVersion?: string | null;
            /** @description Serial number. */
            serialNumber?: string | null;
            /** @description Storage in GB. */
            storageGb?: number | null;
        };
        /**
         * ServerList
         * @description Offset list of servers.
         */
        ServerList: {
            data: components["schemas"]["Server"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** ServerPatch */
        ServerPatch: {
            /** @description CPU cores. */
            cpuCores?: number | null;
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description Notes. */
            description?: string | null;
            /**
             * @description Environment; null (the default) when not recorded.
             * @enum {string|null}
             */
            environment?: "production" | "staging" | "test" | "development" | "disaster_recovery" | null;
            /**
             * @description Host name.
             * @example db-01.acme.internal
             */
            hostname?: string;
            /** @description IPv4 and IPv6 addresses. */
            ipAddresses?: string[];
            /** @description Site, room or rack. */
            location?: string | null;
            /** @description Hardware manufacturer. */
            manufacturer?: string | null;
            /** @description Memory in MiB. */
            memoryMb?: number | null;
            /** @description Hardware model. */
            model?: string | null;
            /**
             * @description Display name; not changeable on an automatic server (422).
             * @example db-01
             */
            name?: string;
            /** @description Operating system. */
            os?: string | null;
            /** @description Operating system version. */
            osVersion?: string | null;
            /** @description Serial number. */
            serialNumber?: string | null;
            /** @description Storage in GB. */
            storageGb?: number | null;
        };
        /**
         * TableWidget
         * @description Rows of resources or figures.
         */
        TableWidget: {
            /** @description Columns in display order; `key` names the row property. */
            columns: {
                /** @description The row property of the column. */
                key: string;
                /** @description Column heading. */
                label: string;
            }[];
            /**
             * @description Stable widget id within its dashboard.
             * @example hosts-by-os
             */
            id: string;
            /**
             * @description table: rows of resources or figures.
             * @enum {string}
             */
            kind: "table";
            /** @description Rows (at most 100, in the table's documented order); a row that names one resource has `resourceType` and `resourceId`. */
            rows: {
                [key: string]: unknown;
            }[];
            /**
             * @description Display title.
             * @example Hosts by operating system
             */
            title: string;
            /** @description Count of all matching rows, also those beyond the first 100. */
            total: number;
        };
        /**
         * Tag
         * @description A free label attached to applications, servers and routers.
         */
        Tag: {
            /**
             * @description Display colour, #rrggbb.
             * @example #2f80ed
             */
            colour: string;
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            /**
             * @description What the tag means.
             * @example In scope of the PCI DSS audit
             */
            description: string | null;
            /**
             * Format: uuid
             * @description Tag id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description Unique in the workspace, case-insensitively.
             * @example pci-scope
             */
            name: string;
        };
        /**
         * TagList
         * @description Offset list of tags.
         */
        TagList: {
            data: components["schemas"]["Tag"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * Team
         * @description A team of the organisation.
         */
        Team: {
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /**
             * @description What the team does.
             * @example Runs the shared infrastructure
             */
            description: string | null;
            /**
             * @description Team mailbox.
             * @example platform@acme.test
             */
            email: string | null;
            /**
             * Format: uuid
             * @description Team id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * @description Team name.
             * @example Platform
             */
            name: string;
            /**
             * Format: uuid
             * @description Parent team in the organisation; null at the top.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            parentId: string | null;
            /**
             * Format: date-time
             * @description Change-tracking field: moves on every change, including member links and unlinks.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
        };
        /** TeamCreate */
        TeamCreate: {
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description What the team does. */
            description?: string | null;
            /**
             * Format: email
             * @description Team mailbox.
             */
            email?: string | null;
            /**
             * @description Team name.
             * @example Platform
             */
            name: string;
            /**
             * Format: uuid
             * @description Parent team; null for a top-level team.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            parentId?: string | null;
        };
        /**
         * TeamList
         * @description Offset list of teams.
         */
        TeamList: {
            data: components["schemas"]["Team"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** TeamPatch */
        TeamPatch: {
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description What the team does. */
            description?: string | null;
            /**
             * Format: email
             * @description Team mailbox.
             */
            email?: string | null;
            /**
             * @description Team name.
             * @example Platform
             */
            name?: string;
            /**
             * Format: uuid
             * @description Parent team; null for a top-level team.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            parentId?: string | null;
        };
        /**
         * Tenant
         * @description The settings of the key's workspace.
         */
        Tenant: {
            /**
             * Format: date-time
             * @description Creation instant.
             */
            createdAt: string;
            /**
             * @description ISO 4217 code for amounts that carry no currency of their own.
             * @example EUR
             */
            defaultCurrency: string;
            /**
             * Format: uuid
             * @description The workspace id.
             */
            id: string;
            /**
             * @description Display name of the workspace.
             * @example Acme Corp
             */
            name: string;
            /**
             * @description IANA time zone the console shows dates in.
             * @example Europe/Paris
             */
            timeZone: string;
            /**
             * Format: date-time
             * @description Last change of these settings.
             */
            updatedAt: string;
        };
        /**
         * User
         * @description A person of the workspace: a member, or someone the estate is assigned to who never signs in.
         */
        User: {
            /**
             * Format: date-time
             * @description When the person was first added.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            /**
             * @description The workspace’s own fields of people (GET /custom-fields?family=users): every one, null when unset.
             * @example {
             *       "cost_centre": "4711"
             *     }
             */
            customFields: {
                [key: string]: unknown;
            };
            /** @description Department, as the workspace records it. */
            department: string | null;
            /**
             * @description A member's login e-mail; the e-mail of a person without an account, if known. Lower-case.
             * @example ada@acme.test
             */
            email: string | null;
            /** @description Employee number, unique in the workspace. */
            employeeNumber: string | null;
            /**
             * Format: uuid
             * @description Person id. A member keeps the same id in every workspace they belong to.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /** @description Whether the person is a member (signs in). A person who is not can be owner, assignee or team member. */
            member: boolean;
            /**
             * @description Display name.
             * @example Ada Lovelace
             */
            name: string;
            /**
             * Format: date-time
             * @description When the workspace last changed what it records of the person.
             * @example 2026-11-22T09:30:00.000Z
             */
            updatedAt: string;
        };
        /**
         * UserList
         * @description Offset list of users.
         */
        UserList: {
            data: components["schemas"]["User"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * Widget
         * @description A widget: number, breakdown, series or table, told apart by `kind`.
         */
        Widget: components["schemas"]["NumberWidget"] | components["schemas"]["BreakdownWidget"] | components["schemas"]["SeriesWidget"] | components["schemas"]["TableWidget"];
        /**
         * Workstation
         * @description A laptop or desktop.
         */
        Workstation: {
            /**
             * Format: uuid
             * @description The agent that reports it; null for a manual workstation.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            agentId: string | null;
            /**
             * Format: uuid
             * @description The person using it (see /users); null when unassigned.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            assignedUserId: string | null;
            /** @description true when reported by an agent; then name, os and manufacturer cannot be changed through the API (422). */
            automatic: boolean;
            /** @description CPU cores. */
            cpuCores: number | null;
            /**
             * Format: date-time
             * @description Creation instant.
             * @example 2026-11-22T09:30:00.000Z
             */
            createdAt: string;
            customFields: components["schemas"]["CustomFieldValues"];
            /**
             * @description Host name.
             * @example lt-0042.corp.acme.test
             */
            hostname: string | null;
            /**
             * Format: uuid
             * @description Workstation id.
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            id: string;
            /**
             * Format: date-time
             * @description Change-tracking field: moves on every change (creation, edit, link, and a report).
             * @example 2026-11-22T09:30:00.000Z
             */
            lastCheckTime: string;
            /**
             * Format: date-time
             * @description When its agent last reported, changed or not; null for a manual workstation. A silent agent shows here.
             * @example 2026-11-22T09:30:00.000Z
             */
            lastReportAt: string | null;
            /** @description Office or site. */
            location: string | null;
            /**
             * @description Manufacturer.
             * @example Lenovo
             */
            manufacturer: string | null;
            /** @description Memory in MiB. */
            memoryMb: number | null;
            /**
             * @description Model.
             * @example ThinkPad T14 Gen 4
             */
            model: string | null;
            /**
             * @description Asset name.
             * @example LT-0042
             */
            name: string;
            /**
             * @description Operating system.
             * @example Windows 11 Pro
             */
            os: string | null;
            /**
             * @description OS version.
             * @example 23H2
             */
            osVersion: string | null;
            /**
             * Format: date
             * @description Purchase date.
             * @example 2027-03-31
             */
            purchaseDate: string | null;
            /**
             * @description Serial number.
             * @example PF3ABC12
             */
            serialNumber: string | null;
            /**
             * @description in_use, in_stock, in_repair or retired.
             * @enum {unknown}
             */
            status: "in_use" | "in_stock" | "in_repair" | "retired";
            /**
             * Format: date
             * @description End of the warranty.
             * @example 2027-03-31
             */
            warrantyEnd: string | null;
        };
        /** WorkstationCreate */
        WorkstationCreate: {
            /**
             * Format: uuid
             * @description The person using it; must be a user of the workspace (422).
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            assignedUserId?: string | null;
            /** @description CPU cores. */
            cpuCores?: number | null;
            customFields?: components["schemas"]["CustomFieldValuesCreate"];
            /** @description Host name. */
            hostname?: string | null;
            /** @description Office or site. */
            location?: string | null;
            /** @description Hardware manufacturer. */
            manufacturer?: string | null;
            /** @description Memory in MiB. */
            memoryMb?: number | null;
            /** @description Hardware model. */
            model?: string | null;
            /**
             * @description Asset name; not changeable on an automatic workstation (422).
             * @example LT-0042
             */
            name: string;
            /** @description Operating system. */
            os?: string | null;
            /** @description Operating system version. */
            osVersion?: string | null;
            /**
             * Format: date
             * @description Purchase date.
             * @example 2027-03-31
             */
            purchaseDate?: string | null;
            /** @description Serial number. */
            serialNumber?: string | null;
            /**
             * @description Status; default in_use when assigned, else in_stock.
             * @enum {unknown}
             */
            status?: "in_use" | "in_stock" | "in_repair" | "retired";
            /**
             * Format: date
             * @description Warranty end; not before the purchase date (422).
             * @example 2027-03-31
             */
            warrantyEnd?: string | null;
        };
        /**
         * WorkstationList
         * @description Offset list of workstations.
         */
        WorkstationList: {
            data: components["schemas"]["Workstation"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** WorkstationPatch */
        WorkstationPatch: {
            /**
             * Format: uuid
             * @description The person using it; must be a user of the workspace (422).
             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
             */
            assignedUserId?: string | null;
            /** @description CPU cores. */
            cpuCores?: number | null;
            customFields?: components["schemas"]["CustomFieldValuesPatch"];
            /** @description Host name. */
            hostname?: string | null;
            /** @description Office or site. */
            location?: string | null;
            /** @description Hardware manufacturer. */
            manufacturer?: string | null;
            /** @description Memory in MiB. */
            memoryMb?: number | null;
            /** @description Hardware model. */
            model?: string | null;
            /**
             * @description Asset name; not changeable on an automatic workstation (422).
             * @example LT-0042
             */
            name?: string;
            /** @description Operating system. */
            os?: string | null;
            /** @description Operating system version. */
            osVersion?: string | null;
            /**
             * Format: date
             * @description Purchase date.
             * @example 2027-03-31
             */
            purchaseDate?: string | null;
            /** @description Serial number. */
            serialNumber?: string | null;
            /**
             * @description Status; default in_use when assigned, else in_stock.
             * @enum {unknown}
             */
            status?: "in_use" | "in_stock" | "in_repair" | "retired";
            /**
             * Format: date
             * @description Warranty end; not before the purchase date (422).
             * @example 2027-03-31
             */
            warrantyEnd?: string | null;
        };
    };
    responses: {
        /** @description The input could not be parsed (bad UUID, unknown enum or filter value, invalid date-time, missing or blank field). Codes: bad_request, invalid_uuid, invalid_datetime. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is larger than the limit. Codes: payload_too_large. */
        ContentTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key lacks the scope (insufficient_permission) or is bound to no workspace (forbidden). Codes: forbidden, insufficient_permission. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unexpected error; transient, retry with backoff. The body reveals nothing internal; quote the X-Request-Id header. Codes: internal_error. */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not in the key's workspace (absent and foreign ids give the identical response). Codes: not_found. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description If-Match was sent and the resource has changed since (its ETag differs). Codes: precondition_failed. */
        PreconditionFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database is unreachable or busy (or, for a diagram's picture, every renderer is busy: a full queue, or the picture not begun within 30 s); retry after Retry-After seconds. A write answered 503 was rolled back unless the connection failed during its commit (rare): check before repeating a create. Codes: service_unavailable. */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests from this agent in the current minute; retry after the Retry-After header's seconds. Codes: too_many_requests. */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No credential, no svc_ prefix, unknown, revoked or expired key. Empty body; header WWW-Authenticate: Bearer realm="svc", error="invalid_token". Codes: unauthorized. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Well-formed but breaks a business rule. Codes: unprocessable_entity. */
        UnprocessableContent: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Well-formed but breaks a business rule. Codes: unprocessable_entity, diagram_too_large (the picture could not be drawn within the time budget; the message names limit: ask for fewer nodes, or for the JSON answer). */
        UnprocessableContentDiagramTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is not application/json. Codes: unsupported_media_type. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description Application id.
         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
         */
        ApplicationId: string;
        /** @description Only this environment. */
        Environment: "production" | "staging" | "test" | "development" | "disaster_recovery";
        /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
        Format: "json" | "svg";
        /**
         * @description Resource id.
         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
         */
        Id: string;
        /**
         * @description Page size, default 50; clamped to 1..200.
         * @example 50
         */
        Limit: number;
        /**
         * @description Network id.
         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
         */
        NetworkId: string;
        /**
         * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
         * @example 0
         */
        Offset: number;
        /** @description Case-insensitive text in the name, description or searchable custom fields. */
        Q: string;
        /**
         * @description Server id.
         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
         */
        ServerId: string;
        /** @description Sort field, prefixed with - for descending. One of: name, -name, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
        Sort: ("name" | "-name" | "createdAt" | "-createdAt" | "updatedAt" | "-updatedAt") | string;
        /**
         * @description Tag id.
         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
         */
        TagId: string;
        /**
         * @description Team id.
         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
         */
        TeamId: string;
        /**
         * @description User id.
         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
         */
        UserId: string;
        /** @description Only this vendor (exact, case-insensitive). */
        Vendor: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type Agent = components['schemas']['Agent'];
export type AgentList = components['schemas']['AgentList'];
export type Announcement = components['schemas']['Announcement'];
export type AnnouncementCreate = components['schemas']['AnnouncementCreate'];
export type AnnouncementList = components['schemas']['AnnouncementList'];
export type AnnouncementPatch = components['schemas']['AnnouncementPatch'];
export type Application = components['schemas']['Application'];
export type ApplicationCreate = components['schemas']['ApplicationCreate'];
export type ApplicationList = components['schemas']['ApplicationList'];
export type ApplicationPatch = components['schemas']['ApplicationPatch'];
export type BreakdownItem = components['schemas']['BreakdownItem'];
export type BreakdownWidget = components['schemas']['BreakdownWidget'];
export type Category = components['schemas']['Category'];
export type CategoryCreate = components['schemas']['CategoryCreate'];
export type CategoryList = components['schemas']['CategoryList'];
export type CategoryPatch = components['schemas']['CategoryPatch'];
export type Comment = components['schemas']['Comment'];
export type Contract = components['schemas']['Contract'];
export type ContractCreate = components['schemas']['ContractCreate'];
export type ContractList = components['schemas']['ContractList'];
export type ContractPatch = components['schemas']['ContractPatch'];
export type CustomField = components['schemas']['CustomField'];
export type CustomFieldCreate = components['schemas']['CustomFieldCreate'];
export type CustomFieldList = components['schemas']['CustomFieldList'];
export type CustomFieldPatch = components['schemas']['CustomFieldPatch'];
export type CustomFieldValues = components['schemas']['CustomFieldValues'];
export type CustomFieldValuesCreate = components['schemas']['CustomFieldValuesCreate'];
export type CustomFieldValuesPatch = components['schemas']['CustomFieldValuesPatch'];
export type DashboardSummary = components['schemas']['DashboardSummary'];
export type DataObject = components['schemas']['DataObject'];
export type DataObjectCreate = components['schemas']['DataObjectCreate'];
export type DataObjectList = components['schemas']['DataObjectList'];
export type DataObjectPatch = components['schemas']['DataObjectPatch'];
export type DiscoveredApplication = components['schemas']['DiscoveredApplication'];
export type DiscoveredApplicationList = components['schemas']['DiscoveredApplicationList'];
export type Error = components['schemas']['Error'];
export type Flow = components['schemas']['Flow'];
export type FlowCreate = components['schemas']['FlowCreate'];
export type FlowList = components['schemas']['FlowList'];
export type FlowPatch = components['schemas']['FlowPatch'];
export type Member = components['schemas']['Member'];
export type MemberList = components['schemas']['MemberList'];
export type Network = components['schemas']['Network'];
export type NetworkCreate = components['schemas']['NetworkCreate'];
export type NetworkList = components['schemas']['NetworkList'];
export type NetworkPatch = components['schemas']['NetworkPatch'];
export type NumberWidget = components['schemas']['NumberWidget'];
export type Pagination = components['schemas']['Pagination'];
export type Restrictions = components['schemas']['Restrictions'];
export type Role = components['schemas']['Role'];
export type RoleList = components['schemas']['RoleList'];
export type Router = components['schemas']['Router'];
export type RouterCreate = components['schemas']['RouterCreate'];
export type RouterList = components['schemas']['RouterList'];
export type RouterPatch = components['schemas']['RouterPatch'];
export type SeriesWidget = components['schemas']['SeriesWidget'];
export type Server = components['schemas']['Server'];
export type ServerCreate = components['schemas']['ServerCreate'];
export type ServerList = components['schemas']['ServerList'];
export type ServerPatch = components['schemas']['ServerPatch'];
export type TableWidget = components['schemas']['TableWidget'];
export type Tag = components['schemas']['Tag'];
export type TagList = components['schemas']['TagList'];
export type Team = components['schemas']['Team'];
export type TeamCreate = components['schemas']['TeamCreate'];
export type TeamList = components['schemas']['TeamList'];
export type TeamPatch = components['schemas']['TeamPatch'];
export type Tenant = components['schemas']['Tenant'];
export type User = components['schemas']['User'];
export type UserList = components['schemas']['UserList'];
export type Widget = components['schemas']['Widget'];
export type Workstation = components['schemas']['Workstation'];
export type WorkstationCreate = components['schemas']['WorkstationCreate'];
export type WorkstationList = components['schemas']['WorkstationList'];
export type WorkstationPatch = components['schemas']['WorkstationPatch'];
export type ResponseBadRequest = components['responses']['BadRequest'];
export type ResponseContentTooLarge = components['responses']['ContentTooLarge'];
export type ResponseForbidden = components['responses']['Forbidden'];
export type ResponseInternalServerError = components['responses']['InternalServerError'];
export type ResponseNotFound = components['responses']['NotFound'];
export type ResponsePreconditionFailed = components['responses']['PreconditionFailed'];
export type ResponseServiceUnavailable = components['responses']['ServiceUnavailable'];
export type ResponseTooManyRequests = components['responses']['TooManyRequests'];
export type ResponseUnauthorized = components['responses']['Unauthorized'];
export type ResponseUnprocessableContent = components['responses']['UnprocessableContent'];
export type ResponseUnprocessableContentDiagramTooLarge = components['responses']['UnprocessableContentDiagramTooLarge'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ParameterApplicationId = components['parameters']['ApplicationId'];
export type ParameterEnvironment = components['parameters']['Environment'];
export type ParameterFormat = components['parameters']['Format'];
export type ParameterId = components['parameters']['Id'];
export type ParameterLimit = components['parameters']['Limit'];
export type ParameterNetworkId = components['parameters']['NetworkId'];
export type ParameterOffset = components['parameters']['Offset'];
export type ParameterQ = components['parameters']['Q'];
export type ParameterServerId = components['parameters']['ServerId'];
export type ParameterSort = components['parameters']['Sort'];
export type ParameterTagId = components['parameters']['TagId'];
export type ParameterTeamId = components['parameters']['TeamId'];
export type ParameterUserId = components['parameters']['UserId'];
export type ParameterVendor = components['parameters']['Vendor'];
export type $defs = Record<string, never>;
export interface operations {
    listAgents: {
        parameters: {
            query?: {
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name or hostname. */
                q?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, createdAt, -createdAt, lastSeenAt, -lastSeenAt. */
                sort?: "name" | "-name" | "createdAt" | "-createdAt" | "lastSeenAt" | "-lastSeenAt";
                /** @description Only agents in this status. */
                status?: "active" | "silent" | "never_seen" | "revoked";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of agents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An enrolled agent that reports a host. Agents are enrolled and revoked by admins with the estate command. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAnnouncements: {
        parameters: {
            query?: {
                /** @description true: only announcements published now; false: only those outside their window. */
                active?: boolean;
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the title, body or searchable custom fields. */
                q?: string;
                /** @description Only this severity. */
                severity?: "info" | "warning" | "critical";
                /** @description Sort field, prefixed with - for descending. One of: title, -title, severity, -severity, startsAt, -startsAt, endsAt, -endsAt, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("title" | "-title" | "severity" | "-severity" | "startsAt" | "-startsAt" | "endsAt" | "-endsAt" | "createdAt" | "-createdAt" | "updatedAt" | "-updatedAt") | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of announcements. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnouncementList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAnnouncement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnnouncementCreate"];
            };
        };
        responses: {
            /** @description A notice to the workspace's people, shown during its publication window. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Announcement"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAnnouncement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A notice to the workspace's people, shown during its publication window. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Announcement"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteAnnouncement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateAnnouncement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnnouncementPatch"];
            };
        };
        responses: {
            /** @description A notice to the workspace's people, shown during its publication window. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Announcement"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    searchApplicationCatalog: {
        parameters: {
            query?: {
                /** @description One of: collaboration, communication, crm, erp, finance, hr, project-management, developer-tools, source-control, ci-cd, monitoring, database, web-server, operating-system, virtualization, containers, security, identity, backup-storage, analytics, marketing, customer-support, design, office, networking, itsm, e-commerce, messaging, cloud-platform, cms, knowledge-base. */
                category?: "collaboration" | "communication" | "crm" | "erp" | "finance" | "hr" | "project-management" | "developer-tools" | "source-control" | "ci-cd" | "monitoring" | "database" | "web-server" | "operating-system" | "virtualization" | "containers" | "security" | "identity" | "backup-storage" | "analytics" | "marketing" | "customer-support" | "design" | "office" | "networking" | "itsm" | "e-commerce" | "messaging" | "cloud-platform" | "cms" | "knowledge-base";
                /** @description saas, on_premise or hybrid. */
                hostingType?: "saas" | "on_premise" | "hybrid";
                /** @description 1-based page number; past the end, data is empty. */
                page?: number;
                /**
                 * @description Case-insensitive text in the name, vendor or description.
                 * @example postgres
                 */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Catalog list envelope. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * @description Catalog category.
                             * @enum {unknown}
                             */
                            category: "collaboration" | "communication" | "crm" | "erp" | "finance" | "hr" | "project-management" | "developer-tools" | "source-control" | "ci-cd" | "monitoring" | "database" | "web-server" | "operating-system" | "virtualization" | "containers" | "security" | "identity" | "backup-storage" | "analytics" | "marketing" | "customer-support" | "design" | "office" | "networking" | "itsm" | "e-commerce" | "messaging" | "cloud-platform" | "cms" | "knowledge-base";
                            /** @description One-sentence description. */
                            description: string;
                            /**
                             * @description saas (vendor-run), on_premise (self-run) or hybrid (both offered).
                             * @enum {unknown}
                             */
                            hostingType: "saas" | "on_premise" | "hybrid";
                            /**
                             * @description Stable slug of the entry; applications reference it as catalogEntryId.
                             * @example postgresql
                             */
                            id: string;
                            /**
                             * @description Product name.
                             * @example PostgreSQL
                             */
                            name: string;
                            /**
                             * @description Vendor or maintainer.
                             * @example PostgreSQL Global Development Group
                             */
                            vendor: string;
                            /**
                             * @description Official website.
                             * @example https://www.postgresql.org
                             */
                            website: string;
                        }[];
                        /** @description The 1-based page returned. */
                        page: number;
                        /** @description Count of all entries matching the search. */
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplications: {
        parameters: {
            query?: {
                /**
                 * @description Only this category.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                categoryId?: string;
                /** @description Only this criticality. */
                criticality?: "low" | "medium" | "high" | "critical";
                /** @description Only this hosting type. */
                hostingType?: "saas" | "on_premise" | "hybrid";
                /** @description Only this lifecycle phase. */
                lifecycleStatus?: "plan" | "phase_in" | "active" | "phase_out" | "end_of_life";
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Only applications this user owns.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                ownerId?: string;
                /** @description Case-insensitive text in the name, vendor, description or searchable custom fields. */
                q?: string;
                /**
                 * @description Only applications running on this server.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                serverId?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, createdAt, -createdAt, updatedAt, -updatedAt, criticality, -criticality, lifecycleStatus, -lifecycleStatus, businessValue, -businessValue, technicalFit, -technicalFit, userCount, -userCount; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "createdAt" | "-createdAt" | "updatedAt" | "-updatedAt" | "criticality" | "-criticality" | "lifecycleStatus" | "-lifecycleStatus" | "businessValue" | "-businessValue" | "technicalFit" | "-technicalFit" | "userCount" | "-userCount") | string;
                /**
                 * @description Only applications with this tag.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                tagId?: string;
                /**
                 * @description Only applications of this team.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                teamId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of applications. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApplication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationCreate"];
            };
        };
        responses: {
            /** @description An application of the portfolio. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An application of the portfolio. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationPatch"];
            };
        };
        responses: {
            /** @description An application of the portfolio. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplicationComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApplicationComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Comment text; not blank. */
                    body: string;
                };
            };
        };
        responses: {
            /** @description A comment on an application. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplicationOwners: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkApplicationOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description User id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkApplicationOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description User id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplicationServers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Server"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkApplicationServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Server id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                serverId: components["parameters"]["ServerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkApplicationServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Server id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                serverId: components["parameters"]["ServerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplicationTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkApplicationTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Tag id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                tagId: components["parameters"]["TagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkApplicationTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Tag id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                tagId: components["parameters"]["TagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplicationTeams: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkApplicationTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Team id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkApplicationTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Team id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Only these actions; repeat the parameter for several (actions=create&actions=delete). One of: create, update, delete, link, unlink, comment, rotate, revoke, report, sign_in, sign_in_failure, lockout, sign_out, password_change, invite, unlock, import. */
                actions?: ("create" | "update" | "delete" | "link" | "unlink" | "comment" | "rotate" | "revoke" | "report" | "sign_in" | "sign_in_failure" | "lockout" | "sign_out" | "password_change" | "invite" | "unlock" | "import")[];
                /** @description Only events by this actor: an API key, member or agent id. */
                actorId?: string;
                /** @description One of: inventory, organisation, access, settings. */
                category?: "inventory" | "organisation" | "access" | "settings";
                /** @description The nextCursor of the previous response; opaque. */
                cursor?: string;
                /**
                 * @description Only events at or after this instant (inclusive).
                 * @example 2026-11-01T00:00:00.000Z
                 */
                from?: string;
                /** @description Page size, default 50; values above 200 become 200, below 1 become 1. */
                limit?: number;
                /** @description Case-insensitive text found in the resource name, actor name, action or resource type. */
                query?: string;
                /** @description Only events about this resource. */
                resourceId?: string;
                /** @description One of: application, flow, server, network, router, workstation, agent, data_object, contract, category, tag, team, announcement, discovered_application, user, member, role, api_key, workspace, custom_field. */
                resourceType?: "application" | "flow" | "server" | "network" | "router" | "workstation" | "agent" | "data_object" | "contract" | "category" | "tag" | "team" | "announcement" | "discovered_application" | "user" | "member" | "role" | "api_key" | "workspace" | "custom_field";
                /**
                 * @description Only events at or before this instant (inclusive).
                 * @example 2026-11-01T00:00:00.000Z
                 */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Audit list envelope. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * @description What happened.
                             * @example create
                             * @enum {unknown}
                             */
                            action: "create" | "update" | "delete" | "link" | "unlink" | "comment" | "rotate" | "revoke" | "report" | "sign_in" | "sign_in_failure" | "lockout" | "sign_out" | "password_change" | "invite" | "unlock" | "import";
                            /** @description Who made the change. */
                            actor: {
                                /**
                                 * Format: uuid
                                 * @description The actor id; null for the system.
                                 */
                                id: string | null;
                                /**
                                 * @description The actor name at the time of the event.
                                 * @example billing sync
                                 */
                                name: string;
                                /**
                                 * @description api_key for public API calls, member for console and key creation, agent for reports, system for host commands.
                                 * @enum {unknown}
                                 */
                                type: "api_key" | "member" | "agent" | "system";
                            };
                            /**
                             * @description Area of the change.
                             * @example access
                             * @enum {unknown}
                             */
                            category: "inventory" | "organisation" | "access" | "settings";
                            /** @description Changed fields with their values before and after; null when there is nothing to show. Never holds a secret. */
                            changes: {
                                [key: string]: {
                                    after: unknown;
                                    before: unknown;
                                };
                            } | null;
                            /**
                             * Format: uuid
                             * @description Event id (UUID v7).
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description Id of the resource; null for roles (named, not numbered).
                             */
                            resourceId: string | null;
                            /** @description Name of the resource at the time of the event. */
                            resourceName: string | null;
                            /**
                             * @description Kind of resource changed.
                             * @example api_key
                             * @enum {unknown}
                             */
                            resourceType: "application" | "flow" | "server" | "network" | "router" | "workstation" | "agent" | "data_object" | "contract" | "category" | "tag" | "team" | "announcement" | "discovered_application" | "user" | "member" | "role" | "api_key" | "workspace" | "custom_field";
                            /**
                             * Format: date-time
                             * @description When the change was committed, ISO-8601 UTC with milliseconds.
                             */
                            timestamp: string;
                        }[];
                        /** @description Whether another page follows. */
                        hasMore: boolean;
                        /** @description Pass as cursor to get the next page; absent on the last page. */
                        nextCursor?: string;
                        /** @description Count of all events matching the filters. */
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCategories: {
        parameters: {
            query?: {
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Only the direct children of this category.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                parentId?: string;
                /** @description Case-insensitive text in the name, description or searchable custom fields. */
                q?: components["parameters"]["Q"];
                /** @description true: only root categories; false: only child categories. */
                root?: boolean;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: components["parameters"]["Sort"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of categories. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryCreate"];
            };
        };
        responses: {
            /** @description A node of the workspace's application category tree. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A node of the workspace's application category tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryPatch"];
            };
        };
        responses: {
            /** @description A node of the workspace's application category tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listContracts: {
        parameters: {
            query?: {
                /**
                 * @description Only contracts covering this application.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                applicationId?: string;
                /**
                 * @description Only contracts ending after this date.
                 * @example 2027-03-31
                 */
                endsAfter?: string;
                /**
                 * @description Only contracts ending before this date.
                 * @example 2027-03-31
                 */
                endsBefore?: string;
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name, vendor, reference or searchable custom fields. */
                q?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, vendor, -vendor, startDate, -startDate, endDate, -endDate, renewalDate, -renewalDate, amount, -amount, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "vendor" | "-vendor" | "startDate" | "-startDate" | "endDate" | "-endDate" | "renewalDate" | "-renewalDate" | "amount" | "-amount" | "createdAt" | "-createdAt" | "updatedAt" | "-updatedAt") | string;
                /** @description Only this type. */
                type?: "license" | "subscription" | "support" | "maintenance" | "lease" | "service" | "other";
                /** @description Only this vendor (exact, case-insensitive). */
                vendor?: components["parameters"]["Vendor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of contracts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createContract: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContractCreate"];
            };
        };
        responses: {
            /** @description A contract with a supplier: licences, subscriptions, support. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contract"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getContract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A contract with a supplier: licences, subscriptions, support. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contract"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteContract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateContract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContractPatch"];
            };
        };
        responses: {
            /** @description A contract with a supplier: licences, subscriptions, support. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contract"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomFields: {
        parameters: {
            query?: {
                /** @description Only the fields of this family. */
                family?: "categories" | "teams" | "applications" | "servers" | "networks" | "routers" | "workstations" | "data" | "contracts" | "flows" | "announcements" | "users";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The custom field definitions of the workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFieldList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCustomField: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A new field; `label` defaults to the name in words (`cost_centre` → "Cost centre"). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomFieldCreate"];
            };
        };
        responses: {
            /** @description A field a team defined on one family of its workspace. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomField"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCustomField: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A field a team defined on one family of its workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomField"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteCustomField: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCustomField: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** @description Fields to change; omitted fields keep their value. The family of a field never changes. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomFieldPatch"];
            };
        };
        responses: {
            /** @description A field a team defined on one family of its workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomField"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCustomFieldSchema: {
        parameters: {
            query: {
                /** @description The family whose fields the schema describes. */
                family: "categories" | "teams" | "applications" | "servers" | "networks" | "routers" | "workstations" | "data" | "contracts" | "flows" | "announcements" | "users";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The JSON Schema of a family's custom fields in this workspace, to validate before sending. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The JSON Schema dialect: draft 2020-12. */
                        $schema: string;
                        /** @description Always false: a field that is not defined is refused. */
                        additionalProperties: boolean;
                        /** @description Each defined field's name and the schema of its value (null: unset). */
                        properties: {
                            [key: string]: unknown;
                        };
                        /** @description The required fields: each must hold a value. */
                        required: string[];
                        /** @description What the schema describes. */
                        title: string;
                        /**
                         * @description customFields is an object.
                         * @enum {string}
                         */
                        type: "object";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDashboards: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSummary"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getArchitectureDashboard: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The architecture dashboard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the figures were computed: they are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The dashboard's name.
                         * @enum {string}
                         */
                        name: "architecture";
                        /** @description The widgets, in display order; the ids of each dashboard are listed in its description. */
                        widgets: components["schemas"]["Widget"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFinanceDashboard: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The finance dashboard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the figures were computed: they are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The dashboard's name.
                         * @enum {string}
                         */
                        name: "finance";
                        /** @description The widgets, in display order; the ids of each dashboard are listed in its description. */
                        widgets: components["schemas"]["Widget"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOperationsDashboard: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operations dashboard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the figures were computed: they are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The dashboard's name.
                         * @enum {string}
                         */
                        name: "operations";
                        /** @description The widgets, in display order; the ids of each dashboard are listed in its description. */
                        widgets: components["schemas"]["Widget"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTechnologyDashboard: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The technology dashboard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the figures were computed: they are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The dashboard's name.
                         * @enum {string}
                         */
                        name: "technology";
                        /** @description The widgets, in display order; the ids of each dashboard are listed in its description. */
                        widgets: components["schemas"]["Widget"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUsageDashboard: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage dashboard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the figures were computed: they are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The dashboard's name.
                         * @enum {string}
                         */
                        name: "usage";
                        /** @description The widgets, in display order; the ids of each dashboard are listed in its description. */
                        widgets: components["schemas"]["Widget"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWorkstationsDashboard: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workstations dashboard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the figures were computed: they are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The dashboard's name.
                         * @enum {string}
                         */
                        name: "workstations";
                        /** @description The widgets, in display order; the ids of each dashboard are listed in its description. */
                        widgets: components["schemas"]["Widget"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDataObjects: {
        parameters: {
            query?: {
                /**
                 * @description Only data objects held by this application.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                applicationId?: string;
                /** @description Only this classification. */
                classification?: "public" | "internal" | "confidential" | "restricted";
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Only data objects with (true) or without (false) personal data. */
                personalData?: boolean;
                /** @description Case-insensitive text in the name, description or searchable custom fields. */
                q?: components["parameters"]["Q"];
                /** @description Sort field, prefixed with - for descending. One of: name, -name, classification, -classification, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "classification" | "-classification" | "createdAt" | "-createdAt" | "updatedAt" | "-updatedAt") | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of data objects. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataObjectList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDataObject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DataObjectCreate"];
            };
        };
        responses: {
            /** @description A data object: a set of business data with its classification. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataObject"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDataObject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A data object: a set of business data with its classification. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataObject"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteDataObject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateDataObject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DataObjectPatch"];
            };
        };
        responses: {
            /** @description A data object: a set of business data with its classification. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataObject"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDiagrams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSummary"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApplicationLifecycleDiagram: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
                /** @description Most nodes (or items) in the answer, default 500, at most 2000; beyond it the answer says truncated: true. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each application's lifecycle phases on a timeline: plan, phase-in, active, phase-out, end of life. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When it was computed: diagrams are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /** @description Applications with at least one lifecycle date, by their first date, then name. */
                        items: {
                            /**
                             * Format: uuid
                             * @description The application.
                             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                             */
                            applicationId: string;
                            /** @description Application name. */
                            label: string;
                            /** @description The phases that have a date, in lifecycle order. */
                            phases: {
                                /**
                                 * Format: date
                                 * @description The next dated phase's start; null for the last phase.
                                 * @example 2027-03-31
                                 */
                                end: string | null;
                                /**
                                 * @description plan, phase-in, active, phase-out or end-of-life.
                                 * @enum {unknown}
                                 */
                                phase: "plan" | "phase-in" | "active" | "phase-out" | "end-of-life";
                                /**
                                 * Format: date
                                 * @description The phase's date.
                                 * @example 2027-03-31
                                 */
                                start: string;
                            }[];
                        }[];
                        /**
                         * @description The diagram's name.
                         * @enum {string}
                         */
                        name: "application-lifecycle";
                        /** @description How many there are in all. */
                        totals: {
                            /** @description Applications with a lifecycle date. */
                            applications: number;
                        };
                        /** @description true when the answer holds fewer than all: see totals. */
                        truncated: boolean;
                        /** @description Applications without any lifecycle date (not in items). */
                        undated: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContentDiagramTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApplicationMatrixDiagram: {
        parameters: {
            query?: {
                /** @description Dimension of the columns, default teams. */
                columns?: "categories" | "teams" | "criticality" | "lifecycle" | "hosting";
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
                /** @description Most nodes (or items) in the answer, default 500, at most 2000; beyond it the answer says truncated: true. */
                limit?: number;
                /** @description Dimension of the rows, default categories. */
                rows?: "categories" | "teams" | "criticality" | "lifecycle" | "hosting";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A grid of two dimensions (categories × teams by default) with the applications in each cell. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Non-empty cells only; an application in several teams is in each of their cells. */
                        cells: {
                            /** @description The applications in the cell, by name. */
                            applicationIds: string[];
                            /** @description Column id. */
                            column: string;
                            /** @description Row id. */
                            row: string;
                        }[];
                        /**
                         * @description The dimension of the columns.
                         * @enum {unknown}
                         */
                        columnDimension: "categories" | "teams" | "criticality" | "lifecycle" | "hosting";
                        /** @description Column headers in display order, unassigned last. */
                        columns: {
                            /** @description Category or team id, or the enum value; unassigned for applications without one. */
                            id: string;
                            /** @description Display label. */
                            label: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description When it was computed: diagrams are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /** @description Application id → name, for the applications in the cells. */
                        labels: {
                            [key: string]: string;
                        };
                        /**
                         * @description The diagram's name.
                         * @enum {string}
                         */
                        name: "application-matrix";
                        /**
                         * @description The dimension of the rows.
                         * @enum {unknown}
                         */
                        rowDimension: "categories" | "teams" | "criticality" | "lifecycle" | "hosting";
                        /** @description Row headers in display order, unassigned last. */
                        rows: {
                            /** @description Category or team id, or the enum value; unassigned for applications without one. */
                            id: string;
                            /** @description Display label. */
                            label: string;
                        }[];
                        /** @description How many there are in all. */
                        totals: {
                            /** @description Applications in all. */
                            applications: number;
                        };
                        /** @description true when the answer holds fewer than all: see totals. */
                        truncated: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContentDiagramTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApplicationQuadrantDiagram: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
                /** @description Most nodes (or items) in the answer, default 500, at most 2000; beyond it the answer says truncated: true. */
                limit?: number;
                /** @description Size points by annual cost (default) or user count. */
                size?: "cost" | "users";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Applications placed by technical fit (x) and business value (y), 1 to 5, in the four TIME quadrants, sized by cost or users. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With sizeBy cost: the currency of the sizes, the workspace's default currency (contracts in other currencies are not counted). */
                        currency: string;
                        /**
                         * Format: date-time
                         * @description When it was computed: diagrams are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The diagram's name.
                         * @enum {string}
                         */
                        name: "application-quadrant";
                        /** @description The applications with both scores, by name. */
                        points: {
                            /**
                             * Format: uuid
                             * @description The application.
                             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                             */
                            applicationId: string;
                            /** @description Application name. */
                            label: string;
                            /**
                             * @description x ≥ 3 and y ≥ 3: invest; x < 3, y ≥ 3: migrate; x ≥ 3, y < 3: tolerate; x < 3, y < 3: eliminate.
                             * @enum {unknown}
                             */
                            quadrant: "invest" | "migrate" | "tolerate" | "eliminate";
                            /** @description Annual cost of its active contracts (a contract covering several applications split evenly), or its user count; 0 when unknown. */
                            size: number;
                            /** @description Technical fit. */
                            x: number;
                            /** @description Business value. */
                            y: number;
                        }[];
                        /**
                         * @description What size measures.
                         * @enum {unknown}
                         */
                        sizeBy: "cost" | "users";
                        /** @description How many there are in all. */
                        totals: {
                            /** @description Applications in all. */
                            applications: number;
                        };
                        /** @description true when the answer holds fewer than all: see totals. */
                        truncated: boolean;
                        /** @description Applications without a technical fit or a business value. */
                        unplaced: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContentDiagramTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCapacityMapDiagram: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
                /** @description Most nodes (or items) in the answer, default 500, at most 2000; beyond it the answer says truncated: true. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Servers grouped by location and environment with their CPU, memory and storage and the applications each hosts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When it was computed: diagrams are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /** @description By location, then environment (unknown last); totals over all the group's servers. */
                        groups: {
                            /** @description CPU cores (unknown counts as 0). */
                            cpuCores: number;
                            /** @description Environment; null when not recorded. */
                            environment: string | null;
                            /** @description Servers in the group (also those beyond the limit). */
                            hostCount: number;
                            /** @description The group's servers by name, as far as the limit allows. */
                            hosts: {
                                /** @description Applications the server hosts. */
                                applicationIds: string[];
                                /** @description CPU cores (unknown counts as 0). */
                                cpuCores: number;
                                /**
                                 * Format: uuid
                                 * @description The server.
                                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                                 */
                                id: string;
                                /** @description Server name. */
                                label: string;
                                /** @description Memory in MB (unknown counts as 0). */
                                memoryMb: number;
                                /** @description Storage in GB (unknown counts as 0). */
                                storageGb: number;
                            }[];
                            /** @description Location; null when not recorded. */
                            location: string | null;
                            /** @description Memory in MB (unknown counts as 0). */
                            memoryMb: number;
                            /** @description Storage in GB (unknown counts as 0). */
                            storageGb: number;
                        }[];
                        /**
                         * @description The diagram's name.
                         * @enum {string}
                         */
                        name: "capacity-map";
                        /** @description How many there are in all. */
                        totals: {
                            /** @description Servers in all. */
                            hosts: number;
                        };
                        /** @description true when the answer holds fewer than all: see totals. */
                        truncated: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContentDiagramTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFlowMappingDiagram: {
        parameters: {
            query?: {
                /**
                 * @description Centre the map on this application: it and the applications within depth flows of it.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                applicationId?: string;
                /**
                 * @description Only the applications of this category and those they exchange data with.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                categoryId?: string;
                /** @description With applicationId: how many flows away, 1 to 3 (default 1). */
                depth?: number;
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
                /** @description Most nodes (or items) in the answer, default 500, at most 2000; beyond it the answer says truncated: true. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Applications as nodes and their data flows as edges. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description One edge per flow between two applications on the map. */
                        edges: {
                            /** @description Data objects the flow carries. */
                            dataObjectIds: string[];
                            /** @description The flow's frequency; null when not recorded. */
                            frequency: string | null;
                            /** @description Edge id: the flow id. */
                            id: string;
                            /** @description Flow name. */
                            label: string;
                            /** @description The flow's protocol; null when not recorded. */
                            protocol: string | null;
                            /**
                             * Format: uuid
                             * @description The flow.
                             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                             */
                            resourceId: string;
                            /** @description Node id of the application the data comes from. */
                            source: string;
                            /** @description Node id of the application the data goes to. */
                            target: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description When it was computed: diagrams are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The diagram's name.
                         * @enum {string}
                         */
                        name: "flow-mapping";
                        /** @description Applications on the map, by name. */
                        nodes: {
                            /** @description Node id: the application id. */
                            id: string;
                            /**
                             * @description Always application.
                             * @enum {string}
                             */
                            kind: "application";
                            /** @description Application name. */
                            label: string;
                            /**
                             * Format: uuid
                             * @description The application.
                             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                             */
                            resourceId: string;
                        }[];
                        /** @description How many there are in all. */
                        totals: {
                            /** @description Flows between them. */
                            edges: number;
                            /** @description Applications the map would hold without the limit. */
                            nodes: number;
                        };
                        /** @description true when the answer holds fewer than all: see totals. */
                        truncated: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContentDiagramTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNetworkMappingDiagram: {
        parameters: {
            query?: {
                /** @description svg: the picture (as with Accept: image/svg+xml); json (default): the data. */
                format?: components["parameters"]["Format"];
                /** @description Most nodes (or items) in the answer, default 500, at most 2000; beyond it the answer says truncated: true. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Networks, routers and hosts, hosts placed in the most specific network that holds each of their IP addresses (IPv4 and IPv6). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Router-to-network links and host placements. */
                        edges: {
                            /** @description Edge id: source->target. */
                            id: string;
                            /**
                             * @description router-network: a router linked to the network; host-network: one of the host's IP addresses lies in the network.
                             * @enum {unknown}
                             */
                            kind: "router-network" | "host-network";
                            /** @description The router or host. */
                            source: string;
                            /** @description The network. */
                            target: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description When it was computed: diagrams are live, never cached.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        generatedAt: string;
                        /**
                         * @description The diagram's name.
                         * @enum {string}
                         */
                        name: "network-mapping";
                        /** @description Networks (by address), routers, then hosts: servers and workstations (by name). */
                        nodes: {
                            /** @description CIDR of a network, management address of a router, IP addresses of a host. */
                            detail: string | null;
                            /** @description Node id: the resource id. */
                            id: string;
                            /**
                             * @description network, router, server or workstation.
                             * @enum {unknown}
                             */
                            kind: "network" | "router" | "server" | "workstation";
                            /** @description Name of the network, router or host. */
                            label: string;
                            /**
                             * Format: uuid
                             * @description The resource.
                             * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                             */
                            resourceId: string;
                        }[];
                        /** @description How many there are in all. */
                        totals: {
                            /** @description Networks in all. */
                            networks: number;
                            /** @description Routers in all. */
                            routers: number;
                            /** @description Servers in all. */
                            servers: number;
                            /** @description Workstations in all. */
                            workstations: number;
                        };
                        /** @description true when the answer holds fewer than all: see totals. */
                        truncated: boolean;
                        /** @description Node ids of the hosts on the map that lie in no network (no address, or none inside a network's CIDR). */
                        unplaced: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContentDiagramTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDiscoveredApplications: {
        parameters: {
            query?: {
                /**
                 * @description Only software reported by this agent.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                agentId?: string;
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description true: only software no longer reported. */
                missing?: boolean;
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name or vendor. */
                q?: string;
                /**
                 * @description Only software on this server.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                serverId?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, vendor, -vendor, installCount, -installCount, firstSeenAt, -firstSeenAt, lastUpdate, -lastUpdate. */
                sort?: "name" | "-name" | "vendor" | "-vendor" | "installCount" | "-installCount" | "firstSeenAt" | "-firstSeenAt" | "lastUpdate" | "-lastUpdate";
                /** @description Only this triage status. */
                status?: "new" | "linked" | "ignored";
                /** @description Only this vendor (exact, case-insensitive). */
                vendor?: components["parameters"]["Vendor"];
                /**
                 * @description Only software on this workstation.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                workstationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of discovered applications. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscoveredApplicationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDiscoveredApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Software an agent found installed on a host. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscoveredApplication"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateDiscoveredApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** @description Triage: link to an application or ignore. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description Links it to an inventory application (status becomes linked); null unlinks (status becomes new).
                     * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                     */
                    applicationId?: string | null;
                    /**
                     * @description ignored hides it from triage; new puts it back. Linking sets linked.
                     * @enum {unknown}
                     */
                    status?: "new" | "ignored";
                };
            };
        };
        responses: {
            /** @description Software an agent found installed on a host. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The agent that reported it.
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        agentId: string | null;
                        /**
                         * Format: uuid
                         * @description The inventory application it was linked to.
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        applicationId: string | null;
                        /**
                         * @description Matching catalog entry, by name and vendor.
                         * @example postgresql
                         */
                        catalogEntryId: string | null;
                        /**
                         * Format: date-time
                         * @description First report.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        firstSeenAt: string;
                        /**
                         * Format: uuid
                         * @description Discovered application id.
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        id: string;
                        /** @description Hosts in the workspace reporting the same name and vendor. */
                        installCount: number;
                        /**
                         * Format: date-time
                         * @description Last report that listed it.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        lastSeenAt: string;
                        /**
                         * Format: date-time
                         * @description Change-tracking field: moves on every change, including reports.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        lastUpdate: string;
                        /**
                         * Format: date-time
                         * @description Set when a report stops listing it.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        missingSince: string | null;
                        /**
                         * @description Package or product name as reported.
                         * @example postgresql-15
                         */
                        name: string;
                        /**
                         * Format: uuid
                         * @description The server it is installed on.
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        serverId: string | null;
                        /**
                         * @description new (awaiting triage), linked (to an inventory application) or ignored.
                         * @enum {unknown}
                         */
                        status: "new" | "linked" | "ignored";
                        /**
                         * @description Vendor as reported.
                         * @example PostgreSQL Global Development Group
                         */
                        vendor: string;
                        /**
                         * @description Installed version.
                         * @example 15.4
                         */
                        version: string | null;
                        /**
                         * Format: uuid
                         * @description The workstation it is installed on.
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        workstationId: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApplicationFromDiscovered: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An application of the portfolio. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date
                         * @description Start of the active phase.
                         * @example 2027-03-31
                         */
                        activeDate: string | null;
                        /**
                         * @description Business value 1–5; the y axis of the quadrant diagram.
                         * @example 4
                         */
                        businessValue: number | null;
                        /**
                         * @description Entry of the application catalog it is an instance of.
                         * @example salesforce-sales-cloud
                         */
                        catalogEntryId: string | null;
                        /**
                         * Format: uuid
                         * @description Category of the application (see /categories).
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        categoryId: string | null;
                        /**
                         * Format: date-time
                         * @description Creation instant.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        createdAt: string;
                        /**
                         * @description Business criticality; null when not assessed.
                         * @enum {string|null}
                         */
                        criticality: "low" | "medium" | "high" | "critical" | null;
                        /** @description What it is used for. */
                        description: string | null;
                        /**
                         * Format: date
                         * @description End of life.
                         * @example 2027-03-31
                         */
                        endOfLifeDate: string | null;
                        /**
                         * @description saas, on_premise or hybrid.
                         * @enum {string|null}
                         */
                        hostingType: "saas" | "on_premise" | "hybrid" | null;
                        /**
                         * Format: uuid
                         * @description Application id.
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        id: string;
                        /**
                         * @description Current lifecycle phase; null when not recorded.
                         * @enum {string|null}
                         */
                        lifecycleStatus: "plan" | "phase_in" | "active" | "phase_out" | "end_of_life" | null;
                        /**
                         * @description Application name.
                         * @example Salesforce Sales Cloud
                         */
                        name: string;
                        /**
                         * Format: date
                         * @description Start of the phase-in phase.
                         * @example 2027-03-31
                         */
                        phaseInDate: string | null;
                        /**
                         * Format: date
                         * @description Start of the phase-out phase.
                         * @example 2027-03-31
                         */
                        phaseOutDate: string | null;
                        /**
                         * Format: date
                         * @description Start of the plan phase.
                         * @example 2027-03-31
                         */
                        planDate: string | null;
                        /**
                         * @description Technical fit 1–5; the x axis of the quadrant diagram.
                         * @example 4
                         */
                        technicalFit: number | null;
                        /**
                         * Format: date-time
                         * @description Change-tracking field: moves on every change, including links, unlinks and comments.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        updatedAt: string;
                        /**
                         * @description Where users reach it.
                         * @example https://acme.my.salesforce.com
                         */
                        url: string | null;
                        /**
                         * @description Number of people using it.
                         * @example 250
                         */
                        userCount: number | null;
                        /**
                         * @description Vendor or maintainer.
                         * @example Salesforce
                         */
                        vendor: string | null;
                        /**
                         * @description Version in use.
                         * @example 2024.2
                         */
                        version: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFlows: {
        parameters: {
            query?: {
                /**
                 * @description Only flows from or to this application.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                applicationId?: string;
                /**
                 * @description Only flows carrying this data object.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                dataObjectId?: string;
                /** @description Only this frequency. */
                frequency?: "real_time" | "hourly" | "daily" | "weekly" | "monthly" | "on_demand";
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Only this protocol. */
                protocol?: "https" | "http" | "sftp" | "ftp" | "smtp" | "amqp" | "kafka" | "jdbc" | "grpc" | "soap" | "file" | "other";
                /** @description Case-insensitive text in the name, description or searchable custom fields. */
                q?: components["parameters"]["Q"];
                /** @description Sort field, prefixed with - for descending. One of: name, -name, protocol, -protocol, frequency, -frequency, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "protocol" | "-protocol" | "frequency" | "-frequency" | "createdAt" | "-createdAt" | "updatedAt" | "-updatedAt") | string;
                /**
                 * @description Only flows from this application.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                sourceApplicationId?: string;
                /**
                 * @description Only flows to this application.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                targetApplicationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of flows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFlow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowCreate"];
            };
        };
        responses: {
            /** @description A data flow from one application to another. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flow"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A data flow from one application to another. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flow"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowPatch"];
            };
        };
        responses: {
            /** @description A data flow from one application to another. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flow"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Introspection result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Metadata of the calling key. */
                        key: {
                            /**
                             * @description read, write or admin; null when the key was created from an explicit list of scopes.
                             * @enum {string|null}
                             */
                            alias: "read" | "write" | "admin" | null;
                            /**
                             * Format: uuid
                             * @description Id of the calling key.
                             */
                            id: string;
                            /**
                             * @description Name given at creation.
                             * @example billing sync
                             */
                            name: string;
                        };
                        /** @description Exact, sorted list of scopes granted to the key; authoritative over the alias. */
                        permissions: string[];
                        /** @description Only for a key with restrictions (made from a custom role): per family, the list filters its items must match; the key reaches no other item of that family. */
                        restrictions?: {
                            [key: string]: {
                                [key: string]: string[];
                            };
                        };
                        /** @description The bound workspace. */
                        workspace: {
                            /**
                             * Format: uuid
                             * @description The workspace the key is bound to.
                             */
                            id: string;
                            /**
                             * @description Display name.
                             * @example Acme Corp
                             */
                            name: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listMembers: {
        parameters: {
            query?: {
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name or e-mail. */
                q?: string;
                /**
                 * @description Only members with this role.
                 * @example write
                 */
                role?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, email, -email, role, -role, createdAt, -createdAt. */
                sort?: "name" | "-name" | "email" | "-email" | "role" | "-role" | "createdAt" | "-createdAt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A person's membership of the workspace, with their role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The new role: read, write, admin or a custom role. The last admin cannot be demoted (422).
                     * @example write
                     */
                    role: string;
                };
            };
        };
        responses: {
            /** @description A person's membership of the workspace, with their role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the person joined the workspace.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        createdAt: string;
                        /**
                         * @description Login e-mail.
                         * @example ada@acme.test
                         */
                        email: string;
                        /**
                         * Format: uuid
                         * @description Member id: the membership of one person in this workspace.
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        id: string;
                        /**
                         * @description Display name.
                         * @example Ada Lovelace
                         */
                        name: string;
                        /**
                         * @description read, write, admin, or the name of a custom role of the workspace.
                         * @example write
                         */
                        role: string;
                        /**
                         * Format: uuid
                         * @description The person (see /users).
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        userId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listNetworks: {
        parameters: {
            query?: {
                /** @description Only this environment. */
                environment?: components["parameters"]["Environment"];
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name, CIDR, location or searchable custom fields. */
                q?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, cidr, -cidr, vlan, -vlan, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "cidr" | "-cidr" | "vlan" | "-vlan" | "createdAt" | "-createdAt" | "updatedAt" | "-updatedAt") | string;
                /** @description Only this VLAN. */
                vlan?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of networks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetworkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createNetwork: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NetworkCreate"];
            };
        };
        responses: {
            /** @description An IP network (subnet). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Network"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNetwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An IP network (subnet). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Network"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteNetwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateNetwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NetworkPatch"];
            };
        };
        responses: {
            /** @description An IP network (subnet). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Network"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listNetworkHosts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Server"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listNetworkRouters: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Router"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRoles: {
        parameters: {
            query?: {
                /** @description Page size, default 50; clamped to 1..200. */
                limit?: number;
                /** @description Items to skip, default 0; a negative value becomes 0. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of roles. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRouters: {
        parameters: {
            query?: {
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Only this manufacturer (exact, case-insensitive). */
                manufacturer?: string;
                /**
                 * @description Only routers attached to this network.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                networkId?: string;
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name, model, management address or searchable custom fields. */
                q?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, manufacturer, -manufacturer, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "manufacturer" | "-manufacturer" | "createdAt" | "-createdAt" | "updatedAt" | "-updatedAt") | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of routers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouterList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createRouter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouterCreate"];
            };
        };
        responses: {
            /** @description A router or layer-3 switch. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Router"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRouter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A router or layer-3 switch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Router"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteRouter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateRouter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouterPatch"];
            };
        };
        responses: {
            /** @description A router or layer-3 switch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Router"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRouterNetworks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Network"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkRouterNetwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Router id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Network id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                networkId: components["parameters"]["NetworkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkRouterNetwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Router id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Network id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                networkId: components["parameters"]["NetworkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRouterTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkRouterTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Router id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Tag id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                tagId: components["parameters"]["TagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkRouterTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Router id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Tag id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                tagId: components["parameters"]["TagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listServers: {
        parameters: {
            query?: {
                /**
                 * @description Only servers reported by this agent.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                agentId?: string;
                /**
                 * @description Only servers running this application.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                applicationId?: string;
                /** @description true: only agent-reported servers; false: only manual ones. */
                automatic?: boolean;
                /** @description Only this environment. */
                environment?: components["parameters"]["Environment"];
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Only this operating system (exact, case-insensitive). */
                os?: string;
                /** @description Case-insensitive text in the name, hostname, IP addresses or searchable custom fields. */
                q?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, hostname, -hostname, ipAddresses, -ipAddresses, environment, -environment, os, -os, manufacturer, -manufacturer, model, -model, serialNumber, -serialNumber, createdAt, -createdAt, lastCheckTime, -lastCheckTime, cpuCores, -cpuCores, memoryMb, -memoryMb; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "hostname" | "-hostname" | "ipAddresses" | "-ipAddresses" | "environment" | "-environment" | "os" | "-os" | "manufacturer" | "-manufacturer" | "model" | "-model" | "serialNumber" | "-serialNumber" | "createdAt" | "-createdAt" | "lastCheckTime" | "-lastCheckTime" | "cpuCores" | "-cpuCores" | "memoryMb" | "-memoryMb") | string;
                /**
                 * @description Only servers with this tag.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                tagId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of servers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServerCreate"];
            };
        };
        responses: {
            /** @description A physical or virtual server. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Server"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A physical or virtual server. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Server"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServerPatch"];
            };
        };
        responses: {
            /** @description A physical or virtual server. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Server"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listServerApplications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkServerApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                applicationId: components["parameters"]["ApplicationId"];
                /**
                 * @description Server id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkServerApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                applicationId: components["parameters"]["ApplicationId"];
                /**
                 * @description Server id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listServerOwners: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkServerOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Server id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description User id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkServerOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Server id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description User id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listServerTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkServerTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Server id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Tag id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                tagId: components["parameters"]["TagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkServerTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Server id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description Tag id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                tagId: components["parameters"]["TagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTags: {
        parameters: {
            query?: {
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name. */
                q?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, createdAt, -createdAt. */
                sort?: "name" | "-name" | "createdAt" | "-createdAt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Display colour, #rrggbb; default #6b7280.
                     * @example #2f80ed
                     */
                    colour?: string;
                    /** @description What the tag means. */
                    description?: string | null;
                    /**
                     * @description Tag name; unique in the workspace regardless of case.
                     * @example pci-scope
                     */
                    name: string;
                };
            };
        };
        responses: {
            /** @description A free label attached to applications, servers and routers. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Display colour, #rrggbb.
                         * @example #2f80ed
                         */
                        colour: string;
                        /**
                         * Format: date-time
                         * @description Creation instant.
                         * @example 2026-11-22T09:30:00.000Z
                         */
                        createdAt: string;
                        /**
                         * @description What the tag means.
                         * @example In scope of the PCI DSS audit
                         */
                        description: string | null;
                        /**
                         * Format: uuid
                         * @description Tag id.
                         * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                         */
                        id: string;
                        /**
                         * @description Unique in the workspace, case-insensitively.
                         * @example pci-scope
                         */
                        name: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A free label attached to applications, servers and routers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTeams: {
        parameters: {
            query?: {
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only teams this user belongs to.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                memberId?: string;
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Only the direct sub-teams of this team.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                parentId?: string;
                /** @description Case-insensitive text in the name, description or searchable custom fields. */
                q?: components["parameters"]["Q"];
                /** @description Sort field, prefixed with - for descending. One of: name, -name, createdAt, -createdAt, updatedAt, -updatedAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: components["parameters"]["Sort"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of teams. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamCreate"];
            };
        };
        responses: {
            /** @description A team of the organisation. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A team of the organisation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamPatch"];
            };
        };
        responses: {
            /** @description A team of the organisation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Team id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description User id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Linked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Team id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: string;
                /**
                 * @description User id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                userId: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings of the key's workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Fields to change; omitted fields keep their value. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description ISO 4217 code, three capital letters.
                     * @example USD
                     */
                    defaultCurrency?: string;
                    /** @description Display name; not blank. */
                    name?: string;
                    /**
                     * @description IANA time zone name.
                     * @example America/New_York
                     */
                    timeZone?: string;
                };
            };
        };
        responses: {
            /** @description The settings of the key's workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description true: only members; false: only people without an account. */
                member?: boolean;
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name, e-mail, department, employee number or searchable custom fields. */
                q?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, email, -email, createdAt, -createdAt; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "email" | "-email" | "createdAt" | "-createdAt") | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of users. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A person without an account. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Values of the workspace’s custom fields of people (GET /custom-fields?family=users), by name. Fields left out take their default. */
                    customFields?: {
                        [key: string]: unknown;
                    };
                    department?: string;
                    /** @description E-mail, unique among the people of the workspace. */
                    email?: string;
                    employeeNumber?: string;
                    /** @description Display name. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description A person of the workspace: a member, or someone the estate is assigned to who never signs in. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A person of the workspace: a member, or someone the estate is assigned to who never signs in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** @description The fields to change. A member's name and e-mail are their account's: only an account changes them. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Values of the workspace’s custom fields of people (GET /custom-fields?family=users), by name. Merged into the stored ones; null clears a field. */
                    customFields?: {
                        [key: string]: unknown;
                    };
                    /** @description null clears it. */
                    department?: string | null;
                    /** @description The person's e-mail; null clears it. A member's is their account's (422). */
                    email?: string | null;
                    /** @description null clears it. Unique in the workspace. */
                    employeeNumber?: string | null;
                    /** @description Display name. */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description A person of the workspace: a member, or someone the estate is assigned to who never signs in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWorkstations: {
        parameters: {
            query?: {
                /** @description true: only assigned machines; false: only unassigned ones. */
                assigned?: boolean;
                /**
                 * @description Only machines assigned to this user.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                assignedUserId?: string;
                /** @description true: only agent-reported machines; false: only manual ones. */
                automatic?: boolean;
                /**
                 * @description Page size, default 50; clamped to 1..200.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Case-insensitive text in the name, hostname, serial number, model or searchable custom fields. */
                q?: string;
                /** @description Sort field, prefixed with - for descending. One of: name, -name, hostname, -hostname, status, -status, os, -os, manufacturer, -manufacturer, model, -model, serialNumber, -serialNumber, purchaseDate, -purchaseDate, warrantyEnd, -warrantyEnd, createdAt, -createdAt, lastCheckTime, -lastCheckTime; or cf_<name> (-cf_<name>), a custom field's. */
                sort?: ("name" | "-name" | "hostname" | "-hostname" | "status" | "-status" | "os" | "-os" | "manufacturer" | "-manufacturer" | "model" | "-model" | "serialNumber" | "-serialNumber" | "purchaseDate" | "-purchaseDate" | "warrantyEnd" | "-warrantyEnd" | "createdAt" | "-createdAt" | "lastCheckTime" | "-lastCheckTime") | string;
                /** @description Only this status. */
                status?: "in_use" | "in_stock" | "in_repair" | "retired";
                /**
                 * @description Only machines whose warranty ends before this date.
                 * @example 2027-03-31
                 */
                warrantyEndsBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offset list of workstations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkstationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWorkstation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkstationCreate"];
            };
        };
        responses: {
            /** @description A laptop or desktop. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workstation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWorkstation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A laptop or desktop. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workstation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWorkstation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWorkstation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Resource id.
                 * @example 01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkstationPatch"];
            };
        };
        responses: {
            /** @description A laptop or desktop. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workstation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["ContentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
