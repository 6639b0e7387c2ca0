import { Image, Space, Tag, Typography } from "antd";

import { fileUrl } from "../../../providers/config";

/** What an answer carries: text, quiz detail, photos, audio, video, scanned content, location. */
export interface AnswerMedia {
  taskType?: number;
  answerText?: string | null;
  answerDetail?: string | null;
  answerImages?: string | null;
  answerAudio?: string | null;
  answerVideo?: string | null;
  qrContent?: string | null;
  distanceM?: number | null;
  locationAccuracy?: number | null;
  isCorrect?: number | null;
}

/** The comma-separated photo paths of an answer. */
export const imagesOf = (a: AnswerMedia) => (a.answerImages ?? "").split(",").map((s) => s.trim()).filter(Boolean);

interface QuizItem {
  questionId?: string;
  answer?: string;
  correct?: boolean;
  score?: number;
}

function quizItems(detail?: string | null): QuizItem[] {
  if (!detail) return [];
  try {
    const parsed = JSON.parse(detail) as unknown;
    return Array.isArray(parsed) ? (parsed as QuizItem[]) : [];
  } catch {
    return [];
  }
}

/** A short preview for a table cell: photo thumbnails, a text excerpt, a media tag. */
export function AnswerPreview({ answer }: { answer: AnswerMedia }) {
  const images = imagesOf(answer);
  return (
    <Space size={4} wrap>
      {images.length > 0 && (
        <Image.PreviewGroup>
          {images.slice(0, 3).map((src) => (
            <Image key={src} src={fileUrl(src)} width={40} height={40} style={{ objectFit: "cover" }} alt="作答照片" />
          ))}
        </Image.PreviewGroup>
      )}
      {images.length > 3 && <Tag>+{images.length - 3}</Tag>}
      {answer.answerText && <Typography.Text ellipsis style={{ maxWidth: 200 }}>{answer.answerText}</Typography.Text>}
      {answer.answerVideo && <Tag color="purple">视频</Tag>}
      {answer.answerAudio && <Tag color="cyan">音频</Tag>}
      {answer.answerDetail && <Tag color="blue">答题{quizItems(answer.answerDetail).length}题</Tag>}
      {answer.qrContent && <Tag>扫码</Tag>}
    </Space>
  );
}

/** The whole answer for the review drawer and the answer history: text, photos (zoom/rotate), audio and video players. */
export function AnswerContent({ answer }: { answer: AnswerMedia }) {
  const images = imagesOf(answer);
  const quiz = quizItems(answer.answerDetail);
  const empty = !answer.answerText && !images.length && !answer.answerAudio && !answer.answerVideo && !quiz.length && !answer.qrContent;
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      {answer.answerText && (
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }} data-testid="answer-text">
          {answer.answerText}
        </Typography.Paragraph>
      )}
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {images.map((src) => (
              <Image key={src} src={fileUrl(src)} width={120} height={120} style={{ objectFit: "cover" }} alt="作答照片" />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {answer.answerAudio && <audio controls preload="none" src={fileUrl(answer.answerAudio)} style={{ width: "100%" }} data-testid="answer-audio" />}
      {answer.answerVideo && <video controls preload="metadata" src={fileUrl(answer.answerVideo)} style={{ width: "100%", maxHeight: 320, background: "#000" }} data-testid="answer-video" />}
      {quiz.length > 0 && (
        <Space direction="vertical" size={2}>
          {quiz.map((q, i) => (
            <span key={q.questionId ?? i}>
              第{i + 1}题：{q.answer || "未作答"} {q.correct === undefined ? null : q.correct ? <Tag color="success">正确</Tag> : <Tag color="error">错误</Tag>}
              {q.score !== undefined && <Typography.Text type="secondary">{q.score}分</Typography.Text>}
            </span>
          ))}
        </Space>
      )}
      {answer.qrContent && <span>扫码内容：{answer.qrContent}</span>}
      {(answer.distanceM !== null && answer.distanceM !== undefined) && (
        <Typography.Text type="secondary">
          距离印记 {answer.distanceM} 米{answer.locationAccuracy ? `（定位精度 ${answer.locationAccuracy} 米）` : ""}
        </Typography.Text>
      )}
      {empty && <Typography.Text type="secondary">（无作答内容）</Typography.Text>}
    </Space>
  );
}
