import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { AnswerContent, AnswerPreview, imagesOf } from "./answer-content";

describe("answer content (review drawer and history)", () => {
  it("shows the text, every photo, an audio and a video player, the quiz and the distance", () => {
    const { container } = render(
      <AnswerContent
        answer={{
          answerText: "在纪念馆前学习",
          answerImages: "/upload/a.jpg, /upload/b.jpg",
          answerAudio: "/upload/a.mp3",
          answerVideo: "https://cdn.example.com/v.mp4",
          answerDetail: JSON.stringify([{ questionId: "q1", answer: "A", correct: true, score: 5 }, { questionId: "q2", answer: "", correct: false, score: 0 }]),
          distanceM: 35,
          locationAccuracy: 12,
        }}
      />,
    );
    expect(screen.getByTestId("answer-text").textContent).toBe("在纪念馆前学习");
    const images = [...container.querySelectorAll("img[alt='作答照片']")].map((i) => i.getAttribute("src"));
    expect(images).toEqual(["/jeecg-boot/sys/common/static/upload/a.jpg", "/jeecg-boot/sys/common/static/upload/b.jpg"]);
    const audio = screen.getByTestId("answer-audio") as HTMLAudioElement;
    expect(audio.controls).toBe(true);
    expect(audio.getAttribute("src")).toBe("/jeecg-boot/sys/common/static/upload/a.mp3");
    const video = screen.getByTestId("answer-video") as HTMLVideoElement;
    expect(video.controls).toBe(true);
    expect(video.getAttribute("src")).toBe("https://cdn.example.com/v.mp4");
    expect(screen.getByText(/第1题：A/)).toBeTruthy();
    expect(screen.getByText(/第2题：未作答/)).toBeTruthy();
    expect(screen.getByText("距离印记 35 米（定位精度 12 米）")).toBeTruthy();
  });

  it("says when there is nothing, and previews a row with thumbnails and tags", () => {
    render(<AnswerContent answer={{}} />);
    expect(screen.getByText("（无作答内容）")).toBeTruthy();
    const { container } = render(<AnswerPreview answer={{ answerImages: "/1.jpg,/2.jpg,/3.jpg,/4.jpg", answerVideo: "/v.mp4" }} />);
    expect(container.querySelectorAll("img").length).toBe(3);
    expect(screen.getByText("+1")).toBeTruthy();
    expect(screen.getByText("视频")).toBeTruthy();
    expect(imagesOf({ answerImages: " /a.jpg ,, /b.jpg " })).toEqual(["/a.jpg", "/b.jpg"]);
  });
});
