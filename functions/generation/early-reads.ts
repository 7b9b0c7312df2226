// A user's task list (GET /aivatar/user-tasks) waits on about one Query: as the request arrives the caller's
// account and the asked page are read at once (functions/platform/http/early-reads.ts, which also checks the session
// and serves each read once, to this request only). What is the task list's own: its page as the use case
// reads it (functions/generation/domain/gallery.ts taskListPage), and which ask of the use case is that page.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SessionVerifier, UserReader } from '#platform/domain/ports.ts';
import { EarlyReads } from '#platform/http/early-reads.ts';
import { generationRoutes } from '#shared/api/generation.ts';
import { taskListPage } from './domain/gallery.ts';
import type { TaskPage, TaskStore } from './domain/tasks.ts';

type Lists = Pick<TaskStore, 'list' | 'listFavourites'>;

interface Page {
  limit: number;
  cursor: string | null;
}

function pageOf(event: APIGatewayProxyEventV2): Page | null {
  let page: ReturnType<typeof taskListPage>;
  try {
    page = taskListPage(event.queryStringParameters ?? {});
  } catch {
    // A page the use case would refuse is not read at all.
    return null;
  }
  // Favourites read page after page until enough are found: left to the use case.
  return page.favourites ? null : { limit: page.limit, cursor: page.cursor };
}

export class TaskListEarlyReads extends EarlyReads<Page, { page: Promise<TaskPage> }> {
  private readonly tasks: Lists;
  constructor(sessions: SessionVerifier, users: UserReader, tasks: Lists) {
    super(sessions, users, {
      route: generationRoutes.userTasks,
      page: pageOf,
      reads: (userId, { limit, cursor }) => ({ page: tasks.list(userId, limit, cursor) }),
    });
    this.tasks = tasks;
  }

  /** The lists the route's use case reads: the page started for this request when it is the same, once. */
  listsFor(event: APIGatewayProxyEventV2): Lists {
    const served = this.servedFor(event);
    const tasks = this.tasks;
    return {
      list: async (userId, limit, cursor) => {
        const early = await served(
          'page',
          (p, caller) => caller === userId && p.limit === limit && p.cursor === cursor,
        );
        return early ? early.page : tasks.list(userId, limit, cursor);
      },
      listFavourites: (userId, limit, cursor) => tasks.listFavourites(userId, limit, cursor),
    };
  }
}
