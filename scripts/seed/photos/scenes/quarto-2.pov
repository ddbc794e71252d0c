// Suíte: king bed, built-in wardrobe on the left, window wall at the back, door to the bathroom.
#declare Interior = yes;
#include "common.inc"
#include "room.inc"

#declare Cam = <-0.95, 1.3, 0.2>;
camera { perspective location Cam look_at <0.7, 1.3, 4.2> angle 74 right x * 4/3 }
Sky(2.0)
Sun(<-0.7, 0.8, 1>, 2.2)
Fill(Cam, <0, 1.6, 2.4>, 0.8)

#declare W = 4.2; #declare D = 5.0; #declare H = 2.65;
Room(W, D, H, <0.93, 0.92, 0.9>, T_Porcelain(<0.78, 0.74, 0.68>, 0.8))
WindowBack(W, D, 0.2, 1.9, 0.6, 2.3)
Outside(D)
CloseRoom()
object { Curtain(0.5, 2.55) translate <1.95, 0.05, D - 0.15> }

// built-in wardrobe (armário planejado) along the left wall
union {
  #for (I, 0, 5)
    object { RBox(<0, 0, 0>, <0.6, 2.45, 0.02>, 0.005) pigment { rgb <0.88, 0.86, 0.82> } finish { F_Satin } translate <0, 0.05, 0> rotate y * 0 translate <I * 0.61, 0, 0> }
    box { <I * 0.61 + 0.55, 1.0, -0.03>, <I * 0.61 + 0.57, 1.5, 0> texture { T_Steel } }
  #end
  box { <0, 0, 0.02>, <3.66, 2.55, 0.6> pigment { rgb 0.9 } }
  rotate y * -90 translate <-W/2 + 0.6, 0, 0.4>
}
// king bed, headboard on the right wall
union {
  object { RBox(<-1.0, 0.05, -2.1>, <1.0, 0.38, 0>, 0.03) T_Fabric(<0.25, 0.25, 0.27>) }
  object { RBox(<-0.98, 0.38, -2.05>, <0.98, 0.56, -0.05>, 0.07) T_Fabric(<0.97, 0.96, 0.94>) }
  object { RBox(<-1.01, 0.46, -2.11>, <1.01, 0.6, -0.8>, 0.06) T_Fabric(<0.85, 0.82, 0.76>) }
  #for (K, -1, 1, 2) object { superellipsoid { <0.4, 0.4> } scale <0.4, 0.13, 0.23> rotate x * -25 translate <K * 0.48, 0.67, -0.3> T_Fabric(<0.98, 0.98, 0.97>) } #end
  object { RBox(<-1.3, 0.1, -0.1>, <1.3, 1.3, 0>, 0.04) T_Wood(<0.48, 0.33, 0.2>, <0.38, 0.25, 0.15>) }
  rotate y * 90 translate <W/2, 0, 2.7>
}
object { Rug(2.6, 1.6, <0.7, 0.67, 0.62>, <0.62, 0.6, 0.56>) rotate y * 90 translate <0.4, 0, 2.7> }
object { Frame(0.7, 0.9, <0.25, 0.35, 0.3>, <0.85, 0.8, 0.7>) rotate y * 90 translate <W/2 - 0.035, 1.75, 2.7> }
object { Lamp(1.45) translate <-0.9, 0, D - 0.4> }
