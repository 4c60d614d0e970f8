import type { ClassroomPost } from '@bullpen/contract/classroom-posts';
import { displayName } from '../users/presenter.ts';
import type { AuthoredPost } from './posts-service.ts';

/** The name classmates see on a post: the author's full name, else their username. */
function authorName(author: AuthoredPost['author']): string {
  return author ? displayName(author) : '';
}

export function presentClassroomPost({ post, author }: AuthoredPost): ClassroomPost {
  return {
    id: post.id,
    userId: post.userId,
    name: authorName(author),
    message: post.message,
    createdAt: post.createdAt.toISOString(),
  };
}
