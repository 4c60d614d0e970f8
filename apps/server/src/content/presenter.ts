import type { Article, BlogCard } from '@bullpen/contract/learn';
import { learnPaths } from '@bullpen/contract/routes';
import type { PublicLesson } from '../learn/service.ts';
import { readingMinutes, type ArticleSource } from './articles.ts';

/** Articles → the blog card of spec section 3 and the article page's shape. */
export const articleImage = (category: string) => `/content/images/${category}.svg`;

export const lessonButtons = {
  read: 'Read the lesson',
  quiz: 'Take the quiz',
} as const;
export const flyerButton = 'Read more';

export function presentFlyerCard({ front }: ArticleSource): BlogCard {
  return {
    title: front.title,
    description: front.description,
    image: articleImage(front.category),
    path: learnPaths.blog(front.alias),
    buttonText: flyerButton,
    secondButtonText: front.second_label,
    secondPath: front.second_path,
  };
}

export function presentFlyer(article: ArticleSource): Article {
  const { front } = article;
  return {
    alias: front.alias,
    kind: 'blog',
    card: presentFlyerCard(article),
    title: front.title,
    category: front.category,
    published: front.published,
    minutes: readingMinutes(article.words),
    html: article.html,
    sources: front.sources,
  };
}

export function presentLessonArticleCard({ lesson, course }: PublicLesson): BlogCard {
  return {
    title: lesson.title,
    description: lesson.subTitle,
    image: articleImage(course.category),
    path: learnPaths.publicLesson(lesson.slug),
    buttonText: lessonButtons.read,
    secondButtonText: lessonButtons.quiz,
    secondPath: learnPaths.lesson(lesson.id),
  };
}

export function presentLessonArticle(found: PublicLesson): Article {
  const { lesson, course } = found;
  return {
    alias: lesson.slug,
    kind: 'lesson',
    card: presentLessonArticleCard(found),
    title: lesson.title,
    category: course.category,
    published: null,
    minutes: lesson.minutes,
    html: lesson.html,
    sources: course.sources,
  };
}
